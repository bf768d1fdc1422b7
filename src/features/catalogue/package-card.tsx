import { Link } from 'react-router-dom';
import type { PackageCard as Card } from '../../../contract/catalogue.ts';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { nightsDays } from '../../../contract/format.ts';

export function PackageCard({ pkg, priority }: { pkg: Card; priority?: boolean }) {
  const { href, money } = useSite();
  return (
    <article className="card package-card">
      <Link to={href(`/holidays/${pkg.slug}`)} className="card-link">
        <ResponsiveImage
          className="card-image"
          src={pkg.heroImage}
          alt=""
          widths={[480, 960]}
          sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
          width={480}
          height={320}
          priority={priority}
        />
        <div className="card-body">
          <p className="card-eyebrow">
            {pkg.city.name} · {pkg.tripType.name}
          </p>
          <h3 className="card-title">{pkg.title}</h3>
          <p className="card-meta">
            {nightsDays(pkg.nights, pkg.days)} ·{' '}
            <span aria-label={`Rated ${pkg.rating} out of 5`}>★ {pkg.rating.toFixed(1)}</span>
          </p>
          <p className="price">
            <span className="price-from">From</span> <strong className="price-amount">{money(pkg.price)}</strong>
            {pkg.compareAt ? (
              <>
                {' '}
                <s className="price-was" aria-label={`was ${money(pkg.compareAt)}`}>
                  {money(pkg.compareAt)}
                </s>
              </>
            ) : null}
            <span className="price-unit"> per adult</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
