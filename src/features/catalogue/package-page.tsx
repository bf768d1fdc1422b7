import { Link, useLocation, useParams } from 'react-router-dom';
import { getPackageDetail } from '../../../contract/catalogue-calls.ts';
import type { PackageDetail } from '../../../contract/catalogue.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { NotFoundPage } from '../../app/routes.tsx';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { Seo } from '../../components/seo.tsx';
import { nightsDays } from '../../../contract/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { AddToCartForm } from '../cart/add-to-cart-form.tsx';
import { Stars } from '../content/stars.tsx';
import { packageDetailParams } from './package-data.ts';
import './catalogue.css';
import './package.css';

// Below the price and the booking form, and the share button: their code loads as the page
// hydrates, not before it (decision 0074); the server renders them whole.
const ShareButton = lazyPart(() => import('./share-button.tsx').then((m) => m.ShareButton));
const ItineraryForm = lazyPart(() => import('./itinerary-form.tsx').then((m) => m.ItineraryForm));
const EnquirySlot = lazyPart(() => import('./enquiry-slot.tsx').then((m) => m.EnquirySlot));
const RelatedHolidays = lazyPart(() => import('./related-holidays.tsx').then((m) => m.RelatedHolidays));
const ReviewList = lazyPart(() => import('../content/review-list.tsx').then((m) => m.ReviewList));
const PackageJsonLd = lazyPart(() => import('./package-json-ld-script.tsx').then((m) => m.PackageJsonLd));
// Beside the price, but words only: the tax rules' code loads as the page hydrates (decision 0079).
const PackageTax = lazyPart(() => import('./package-tax.tsx').then((m) => m.PackageTax));
// Highlights, day by day, inclusions and the cancellation policy: words the server renders, with no
// control on them until later; their code loads as the page hydrates.
const PackageDetails = lazyPart(() => import('./package-details.tsx').then((m) => m.PackageDetails));

function Gallery({ pkg }: { pkg: PackageDetail }) {
  const images = pkg.gallery.length ? pkg.gallery : [pkg.heroImage];
  return (
    <ul className="gallery" aria-label={`Photos of ${pkg.title}`} tabIndex={0}>
      {images.map((src, i) => (
        <li key={src} className="gallery-item">
          <ResponsiveImage
            className="gallery-image"
            src={src}
            alt={pkg.imageAlts?.[src] ?? `${pkg.city.name}, photo ${i + 1} of ${images.length}`}
            widths={[480, 960, 1440]}
            sizes="(min-width: 1100px) 720px, (min-width: 900px) 60vw, 100vw"
            width={1200}
            height={800}
            priority={i === 0}
          />
        </li>
      ))}
    </ul>
  );
}

function PackageView({ pkg }: { pkg: PackageDetail }) {
  const { href, money, site } = useSite();
  const { origin } = useSettings();
  const { pathname } = useLocation();
  const pageUrl = `${origin}${pathname}`;
  const from = site === 'IN' ? 'from India' : 'from the UAE';
  return (
    <article className="package">
      <Seo
        title={`${pkg.title}: ${nightsDays(pkg.nights, pkg.days)} in ${pkg.city.name}`}
        description={`${pkg.summary} From ${money(pkg.price)} per adult, ${from}.`}
        image={`${pkg.heroImage}-1440.webp`}
      />
      <PackageJsonLd pkg={pkg} pageUrl={pageUrl} origin={origin} />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={href('/')}>Home</Link>
          </li>
          <li>
            <Link to={href('/holidays')}>Holidays</Link>
          </li>
          <li>
            <Link to={href(`/holidays?cityId=${pkg.city.id}`)}>{pkg.city.name}</Link>
          </li>
          <li aria-current="page">{pkg.title}</li>
        </ol>
      </nav>
      <div className="package-layout">
        <div className="package-top">
          <Gallery pkg={pkg} />
          <header className="package-head">
            <p className="card-eyebrow">
              {pkg.city.name} · {pkg.tripType.name}
            </p>
            <h1>{pkg.title}</h1>
            <p className="package-meta">
              <span>{nightsDays(pkg.nights, pkg.days)}</span>
              {pkg.reviewCount > 0 ? (
                <a href="#reviews-heading" className="package-rating">
                  <Stars rating={pkg.rating} /> {pkg.rating.toFixed(1)} ({pkg.reviewCount}{' '}
                  {pkg.reviewCount === 1 ? 'review' : 'reviews'})
                </a>
              ) : null}
            </p>
            <p className="package-from">
              <span>
                From <strong>{money(pkg.price)}</strong> per adult
              </span>
              <a className="button button-primary button-small" href="#book">
                Choose dates
              </a>
            </p>
            <p className="package-summary">{pkg.summary}</p>
            <ShareButton
              title={pkg.title}
              text={`${pkg.title} – ${nightsDays(pkg.nights, pkg.days)} in ${pkg.city.name}`}
              url={pageUrl}
            />
          </header>
        </div>
        <aside className="package-aside" id="book" aria-label="Price and booking">
          <p className="price package-price">
            <span className="price-from">From</span> <strong className="price-amount">{money(pkg.price)}</strong>
            {pkg.compareAt ? (
              <>
                {' '}
                <s className="price-was" aria-label={`was ${money(pkg.compareAt)}`}>
                  {money(pkg.compareAt)}
                </s>
              </>
            ) : null}
            <span className="price-unit"> per adult, twin sharing</span> <PackageTax pkg={pkg} />
          </p>
          <AddToCartForm pkg={pkg} />
        </aside>
        <div className="package-body">
          <PackageDetails pkg={pkg} />
          <ItineraryForm slug={pkg.slug} />
          <EnquirySlot pkg={{ id: pkg.id, slug: pkg.slug, title: pkg.title }} />
        </div>
      </div>
      {pkg.reviews.length ? (
        <section className="section" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">Traveller reviews</h2>
          <ReviewList reviews={pkg.reviews} />
        </section>
      ) : null}
      {pkg.related.length ? <RelatedHolidays related={pkg.related} /> : null}
    </article>
  );
}

export default function PackagePage() {
  const { slug = '' } = useParams();
  const { data, error, isLoading, mutate } = useCall(getPackageDetail, packageDetailParams(slug));
  if (data) return <PackageView pkg={data} />;
  if (error && 'httpStatus' in error && error.httpStatus === 404) return <NotFoundPage />;
  if (error) {
    return (
      <section className="section narrow">
        <Seo title="Holiday" description="This holiday could not be loaded." noindex />
        <div className="notice notice-error" role="alert">
          <p>{error.message}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="section" aria-busy={isLoading}>
      <Seo title="Holiday" description="Loading this holiday." noindex />
      <div className="card card-skeleton" aria-hidden="true" />
      <p className="visually-hidden" role="status">
        Loading the holiday…
      </p>
    </section>
  );
}
