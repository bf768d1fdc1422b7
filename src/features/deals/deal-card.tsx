import { Link } from 'react-router-dom';
import type { Deal } from '../../../contract/deals.ts';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { formatDay, nightsDays } from '../../../contract/format.ts';
import './deals.css';

/** A live deal; with a package it links to it and shows the discounted price. */
export function DealCard({ deal, priority }: { deal: Deal; priority?: boolean }) {
  const { href, money } = useSite();
  const body = (
    <>
      <div className="deal-media">
        <ResponsiveImage
          className="card-image"
          src={deal.image}
          alt=""
          widths={[480, 960]}
          sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
          width={480}
          height={320}
          priority={priority}
        />
        <span className="deal-badge">{deal.discountPercent}% off</span>
      </div>
      <div className="card-body">
        <p className="card-eyebrow">
          {deal.category.name}
          {deal.subCategory ? ` · ${deal.subCategory.name}` : ''}
        </p>
        <h3 className="card-title">{deal.title}</h3>
        <p className="deal-description">{deal.description}</p>
        {deal.package ? (
          <>
            <p className="card-meta">
              {deal.package.city.name} · {nightsDays(deal.package.nights, deal.package.days)}
            </p>
            <p className="price">
              <span className="price-from">From</span>{' '}
              <strong className="price-amount">{money(deal.package.price)}</strong>
              {deal.package.compareAt ? (
                <>
                  {' '}
                  <s className="price-was" aria-label={`was ${money(deal.package.compareAt)}`}>
                    {money(deal.package.compareAt)}
                  </s>
                </>
              ) : null}
              <span className="price-unit"> per adult</span>
            </p>
          </>
        ) : null}
        <p className="deal-valid">
          Book by <time dateTime={deal.validTo}>{formatDay(deal.validTo)}</time>
        </p>
      </div>
    </>
  );
  return (
    <article className="card deal-card">
      {deal.package ? (
        <Link className="card-link" to={href(`/holidays/${deal.package.slug}`)}>
          {body}
        </Link>
      ) : (
        body
      )}
    </article>
  );
}
