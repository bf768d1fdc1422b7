import { Link } from 'react-router-dom';
import { DEFAULT_CANCELLATION_POLICY, policyLines } from '../../../contract/cancellation.ts';
import { useSite } from '../../app/site-context.tsx';
import { LegalPage, SellerBlock } from './legal-layout.tsx';

export const TERMS_UPDATED = '25 November 2026';

export default function TermsPage() {
  const { site, href } = useSite();
  const india = site === 'IN';
  return (
    <LegalPage
      title="Terms & conditions"
      updated={TERMS_UPDATED}
      description="Booking terms of Wanderlust Holidays: prices and payment, pay later, changes, cancellations and refunds, travel documents and complaints."
    >
      {(shop) => (
        <>
          <p>
            These terms apply to every booking made on this site. By booking you accept them together with the
            inclusions, exclusions and cancellation policy shown on each package’s page. You book with:
          </p>
          <SellerBlock shop={shop} />

          <h2 id="prices">1. Prices and what they include</h2>
          <ul>
            <li>
              Prices are per person in {india ? 'Indian rupees' : 'UAE dirhams'}, for the travel date, room plan and
              travellers you choose; children and infants are priced by their age on the first travel date.
            </li>
            <li>
              {india
                ? 'GST on tour operator services (5%) and, for holidays outside India, tax collected at source (TCS) under section 206C(1G) of the Income-tax Act are added to the total and shown before you pay. TCS is credited against your PAN and can be claimed in your tax return.'
                : 'UAE VAT is included in the prices of holidays in the UAE (5%); holidays performed wholly outside the UAE are zero-rated. The invoice shows the VAT of every line.'}
            </li>
            <li>
              What a package includes and excludes is listed on its page; anything not listed as included (visas, tips,
              city and resort taxes payable locally) is not in the price.
            </li>
            <li>
              Our server prices every booking itself; if a price changes between your cart and your booking, you see the
              new price before you pay and can decide again.
            </li>
          </ul>

          <h2 id="payment">2. Paying</h2>
          <ul>
            <li>
              {india
                ? 'You can pay online by card, UPI or net banking through Razorpay.'
                : 'You can pay online by card through Stripe.'}{' '}
              Your booking is confirmed when the payment reaches us; an unpaid online booking is released after its
              payment window.
            </li>
            <li>
              Pay later is offered for trips far enough ahead: the booking is confirmed with a due date, and you pay by
              bank transfer to the account on your proforma invoice, quoting your booking reference, or online from My
              trips. We send reminders before the due date; a booking still unpaid two days after it is cancelled and
              its rooms released.
            </li>
            <li>
              Your tax invoice is issued when the booking is paid in full; until then you receive a proforma invoice.
              Vouchers are issued once the balance is paid.
            </li>
          </ul>

          <h2 id="cancellation">3. Cancelling and refunds</h2>
          <p>
            You can ask to cancel from My trips (“Request cancellation”) or by writing to us. What we keep depends on
            how many days before the first travel date the cancellation is made. Each package shows its own policy on
            its page and at checkout; unless a package says otherwise it is:
          </p>
          <ul>
            {policyLines(DEFAULT_CANCELLATION_POLICY).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ul>
            <li>
              Refunds go back the way you paid: to your card or account through {india ? 'Razorpay' : 'Stripe'}, or by
              bank transfer for money you sent by transfer. Your bank usually shows a card refund within 5–10 working
              days.
            </li>
            <li>
              With every refund of an invoiced booking we issue a credit note naming the invoice it corrects, with the
              tax on the refunded amount reversed; it appears in My trips beside the invoice.
            </li>
            <li>
              If we must cancel (a hotel closes, a departure is withdrawn), you choose another date or package, or a
              full refund.
            </li>
            <li>
              Name corrections before travel are free; other changes are treated as a cancellation and a new booking
              unless we can make them at no cost.
            </li>
          </ul>

          <h2 id="documents">4. Passports, visas and health</h2>
          <ul>
            <li>
              Names must match the passports. Passports must be valid for at least six months after your return; visas
              and entry permits are your responsibility unless a package includes them.
            </li>
            <li>
              Documents you upload to a booking (passport copies, visas) are used only to arrange that trip: see our{' '}
              <Link to={href('/privacy')}>privacy policy</Link>.
            </li>
          </ul>

          <h2 id="liability">5. Our responsibility</h2>
          <p>
            We are responsible for arranging the services in your package as described. Hotels, airlines and local
            operators provide them under their own terms; if a service is not provided as booked, tell us during the
            trip so we can put it right, and we refund what could not be provided. Nothing in these terms limits your
            rights under{' '}
            {india
              ? 'the Consumer Protection Act, 2019'
              : 'the UAE’s Federal Law No. 15 of 2020 on Consumer Protection'}
            .
          </p>

          <h2 id="complaints">6. Complaints</h2>
          <p>
            Write to us at the address above within 30 days of your return; we answer within 14 days.{' '}
            {india
              ? 'If you are not satisfied, you may approach the consumer commission of your district (e-daakhil.nic.in).'
              : 'If you are not satisfied, you may contact the Ministry of Economy’s consumer protection service or the Department of Economy and Tourism of your emirate.'}{' '}
            These terms are governed by the laws of{' '}
            {india ? 'India' : 'the United Arab Emirates as applied in the Emirate of Dubai'}.
          </p>
          <p>
            <Link to={href('/contact')}>Contact us</Link>
          </p>
        </>
      )}
    </LegalPage>
  );
}
