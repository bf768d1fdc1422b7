import { Link, useLocation, useParams } from 'react-router-dom';
import { DEFAULT_CANCELLATION_POLICY, policyLines } from '../../../contract/cancellation.ts';
import { getPackageDetail } from '../../../contract/catalogue-calls.ts';
import type { PackageDetail } from '../../../contract/catalogue.ts';
import NotFoundPage from '../../app/not-found-page.tsx';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { Seo } from '../../components/seo.tsx';
import { nightsDays } from '../../../contract/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { AddToCartForm } from '../cart/add-to-cart-form.tsx';
import { TaxHint, useTaxRules } from '../checkout/tax-hint.tsx';
import { ReviewList, Stars } from '../content/review-list.tsx';
import { EnquirySlot } from './enquiry-slot.tsx';
import { ItineraryForm } from './itinerary-form.tsx';
import { PackageCard } from './package-card.tsx';
import { jsonForScript, packageJsonLd } from './package-json-ld.ts';
import { packageDetailParams } from './package-data.ts';
import { ShareButton } from './share-button.tsx';
import './catalogue.css';
import './package.css';

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

function Itinerary({ days }: { days: PackageDetail['itinerary'] }) {
  return (
    <section className="section" aria-labelledby="itinerary-heading">
      <h2 id="itinerary-heading">Day by day</h2>
      <ol className="itinerary">
        {days.map((d, i) => (
          <li key={d.day}>
            <details open={i === 0}>
              <summary>
                <span className="itinerary-day">Day {d.day}</span> <span className="itinerary-title">{d.title}</span>
              </summary>
              <p>{d.description}</p>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Inclusions({ pkg }: { pkg: PackageDetail }) {
  return (
    <section className="section inclusions" aria-labelledby="inclusions-heading">
      <h2 id="inclusions-heading" className="visually-hidden">
        What is included
      </h2>
      <div className="inclusions-col">
        <h3>Included</h3>
        <ul className="check-list">
          {pkg.inclusions.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
      <div className="inclusions-col">
        <h3>Not included</h3>
        <ul className="cross-list">
          {pkg.exclusions.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The package's cancellation policy, step by step (days before travel → what is kept). */
function CancellationPolicy({ pkg }: { pkg: PackageDetail }) {
  return (
    <section className="section cancellation-policy" aria-labelledby="cancellation-heading">
      <h2 id="cancellation-heading">Cancellation policy</h2>
      <p>Counted from your first travel date. What is kept is a share of the booking's total; the rest of what you paid is refunded to the way you paid.</p>
      <ul>
        {policyLines(pkg.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <p className="acc-hint">To cancel, open the booking in My trips and choose Request cancellation.</p>
    </section>
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
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(packageJsonLd(pkg, pageUrl, origin)) }} />
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
                  <Stars rating={pkg.rating} /> {pkg.rating.toFixed(1)} ({pkg.reviewCount} {pkg.reviewCount === 1 ? 'review' : 'reviews'})
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
            <ShareButton title={pkg.title} text={`${pkg.title} – ${nightsDays(pkg.nights, pkg.days)} in ${pkg.city.name}`} url={pageUrl} />
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
          {pkg.highlights.length ? (
            <section className="section" aria-labelledby="highlights-heading">
              <h2 id="highlights-heading">Highlights</h2>
              <ul className="highlights">
                {pkg.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <Itinerary days={pkg.itinerary} />
          <Inclusions pkg={pkg} />
          <CancellationPolicy pkg={pkg} />
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
      {pkg.related.length ? (
        <section className="section" aria-labelledby="related-heading">
          <h2 id="related-heading">You may also like</h2>
          <div className="card-grid">
            {pkg.related.map((p) => (
              <PackageCard key={p.id} pkg={p} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** The taxes the price will carry (India: GST, and TCS on overseas packages at today's rule; UAE: its VAT). */
function PackageTax({ pkg }: { pkg: PackageDetail }) {
  const rules = useTaxRules(pkg.taxRules);
  return <TaxHint overseas={pkg.tax?.overseas} vatTreatment={pkg.tax?.vatTreatment} rules={rules} />;
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
