import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { LegalPage, SellerBlock } from './legal-layout.tsx';

export default function AboutPage() {
  const { site, href } = useSite();
  const india = site === 'IN';
  return (
    <LegalPage
      title="About us"
      description={`Wanderlust Holidays plans and sells holiday packages ${india ? 'for travellers from India, priced in rupees' : 'for travellers from the UAE, priced in dirhams'}: who we are, how we work and how to reach us.`}
    >
      {(shop) => (
        <>
          <p>
            Wanderlust Holidays puts together holiday packages — flights or transfers, hotels, sightseeing and the small
            things that make a trip easy — and sells them{' '}
            {india
              ? 'to travellers in India, in rupees, with GST and TCS shown before you pay'
              : 'to travellers in the UAE, in dirhams, with VAT shown before you pay'}
            . Every package is planned with hotels and ground partners we have worked with for years, and every booking
            is looked after by a person on our team from the day you book to the day you are home.
          </p>
          <h2>How we work</h2>
          <ul>
            {india ? (
              // India's prices are shown "+ GST + TCS": they are not the total, so the page does not say they are
              // (issue 34).
              <li>
                Prices are shown before tax, marked “+ GST + TCS”: the cart and checkout work out both taxes in rupees,
                and show the total you pay, with any coupon’s saving, before you book.
              </li>
            ) : (
              <li>
                The price you see is the price you pay: VAT is included, and a coupon’s saving is shown before you book.
              </li>
            )}
            <li>
              You can hold a trip for a few minutes while you decide, pay online, or — for trips far enough ahead — book
              now and pay later by bank transfer.
            </li>
            <li>
              Your vouchers and invoice live in My trips and can be saved on your phone for the hotel desk or the
              airport, even without a connection.
            </li>
            <li>
              Each package shows its own cancellation policy; our <Link to={href('/terms')}>booking terms</Link> explain
              how cancellations and refunds work, and our <Link to={href('/privacy')}>privacy policy</Link> what we keep
              about you and why.
            </li>
          </ul>
          <h2>Who we are</h2>
          <p>{india ? 'On the India site you buy from:' : 'On the UAE site you buy from:'}</p>
          <SellerBlock shop={shop} />
          <h2>Talk to us</h2>
          <p>
            Call or write to us any day, or send a message from the <Link to={href('/contact')}>contact page</Link>. We
            answer within one working day, and on the day for a trip starting within 72 hours.
          </p>
        </>
      )}
    </LegalPage>
  );
}
