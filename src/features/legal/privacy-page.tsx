import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { LegalPage, SellerBlock } from './legal-layout.tsx';

export const PRIVACY_UPDATED = '25 November 2026';

export default function PrivacyPage() {
  const { site, href } = useSite();
  const india = site === 'IN';
  const law = india
    ? 'the Digital Personal Data Protection Act, 2023 (DPDP Act)'
    : 'the UAE’s Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data (PDPL)';
  const taxYears = india
    ? 'eight years, as India’s Companies Act and GST law require'
    : 'seven years, as the UAE’s tax laws require';
  return (
    <LegalPage
      title="Privacy policy"
      updated={PRIVACY_UPDATED}
      description={`What Wanderlust Holidays keeps about you, why, for how long, and how to ask for a copy or its deletion under ${india ? 'India’s DPDP Act' : 'the UAE’s PDPL'}.`}
    >
      {(shop) => (
        <>
          <p>
            This policy explains what we keep about you when you use this site and book with us, and your rights under{' '}
            {law}. The {india ? 'data fiduciary' : 'controller'} is:
          </p>
          <SellerBlock shop={shop} />

          <h2 id="what">What we keep, and why</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Why</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Your account: name, email, phone, password (stored only as a salted hash), profile picture</td>
                <td>To sign you in and show your trips</td>
                <td>Until you delete your account</td>
              </tr>
              <tr>
                <td>
                  Bookings: travellers’ names, dates of birth, contact details,{' '}
                  {india ? 'the lead traveller’s PAN, ' : ''}address, special requests, payments
                </td>
                <td>
                  To arrange the trip with hotels and partners, and to invoice it
                  {india ? '; PAN because tax collected at source must be reported against it' : ''}
                </td>
                <td>{taxYears}, then deleted</td>
              </tr>
              <tr>
                <td>Documents you upload to a booking (passport and visa copies)</td>
                <td>To arrange that trip (visas, hotel and airline requirements)</td>
                <td>Until 90 days after the trip ends</td>
              </tr>
              <tr>
                <td>Enquiries and contact messages, with any file attached</td>
                <td>To answer you and plan the trip you asked about</td>
                <td>Two years after our last exchange</td>
              </tr>
              <tr>
                <td>Your cart, held trips and the trips you saved on your phone</td>
                <td>So the cart and your vouchers work without a connection</td>
                <td>On your device until you clear them; a guest cart on our server 14 days</td>
              </tr>
              <tr>
                <td>Sign-in sessions, one-time codes and request counters</td>
                <td>To keep your account secure and stop abuse</td>
                <td>A day after they expire</td>
              </tr>
            </tbody>
          </table>

          <h2 id="sharing">Who we share it with</h2>
          <ul>
            <li>
              The hotels, airlines and local partners of your trip: the travellers’ names and what they need to serve
              you.
            </li>
            <li>{india ? 'Razorpay' : 'Stripe'}, to take your payment: we never see or keep your card number.</li>
            <li>Our mail and text message providers, to send your booking mail and sign-in codes.</li>
            <li>
              {india ? 'The Income Tax Department (TCS returns) and GST authorities' : 'The Federal Tax Authority'}, as
              the law requires.
            </li>
          </ul>
          <p>We do not sell your data, and we do not use it for advertising on other sites.</p>

          <h2 id="rights">Your rights</h2>
          <ul>
            <li>
              <strong>A copy:</strong> “Download my data” on your <Link to={href('/account')}>account page</Link> gives
              you everything we keep about you as a file; you may also ask us.
            </li>
            <li>
              <strong>Correction:</strong> you can change your details on your{' '}
              <Link to={href('/account')}>account page</Link>; for a name on a booking, write to us before travel.
            </li>
            <li>
              <strong>Deletion:</strong> “Delete my account” on your account page (once your trips are over) erases your
              sign-in, profile, photo, cart and uploaded documents at once. We keep only what tax law requires with your
              bookings and invoices (travellers’ names, the buyer’s address{india ? ' and PAN' : ''}) for the period
              above.
            </li>
            <li>
              <strong>Withdrawing consent</strong> for marketing messages at any time, and{' '}
              {india
                ? 'nominating a person to exercise these rights for you'
                : 'objecting to processing you did not agree to'}
              .
            </li>
          </ul>
          <p>
            To ask, write to the email above or use the <Link to={href('/contact')}>contact page</Link>; we answer
            within 30 days. If you are not satisfied, you may complain to{' '}
            {india ? 'the Data Protection Board of India' : 'the UAE Data Office'}.
          </p>

          <h2 id="security">Security</h2>
          <p>
            The site is served over HTTPS only; passwords are hashed; staff sign in with a second factor and every staff
            action on a booking is logged; documents you upload are checked and stored outside the public site.
          </p>
        </>
      )}
    </LegalPage>
  );
}
