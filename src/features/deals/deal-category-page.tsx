import { Link, useLocation, useParams } from 'react-router-dom';
import { getDeals, getSeasonalDealSubCategoryBySlug } from '../../../contract/deal-calls.ts';
import NotFoundPage from '../../app/not-found-page.tsx';
import { useSite } from '../../app/site-context.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { Seo } from '../../components/seo.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCall } from '../../lib/use-call.ts';
import { PagedList } from '../content/paged-list.tsx';
import { DealCard } from './deal-card.tsx';
import { DEALS_PAGE_SIZE, dealCategoryParams, dealsParams, subFromSearch } from './deals-data.ts';
import '../catalogue/catalogue.css';
import './deals.css';

export default function DealCategoryPage() {
  const { slug = '' } = useParams();
  const { search } = useLocation();
  const { href, site } = useSite();
  const sub = subFromSearch(new URLSearchParams(search));
  const category = useCall(getSeasonalDealSubCategoryBySlug, dealCategoryParams(slug));
  if (category.error instanceof ApiError && category.error.httpStatus === 404) return <NotFoundPage />;
  const data = category.data;
  const subName = data?.subCategories.find((s) => s.slug === sub)?.name;
  return (
    <>
      <Seo
        title={data ? `${subName ? `${subName} – ` : ''}${data.category.name} deals` : 'Deals'}
        description={
          data
            ? `${data.category.description} Prices ${site === 'IN' ? 'in rupees, from India' : 'in AED, from the UAE'}.`
            : 'Seasonal holiday deals.'
        }
        image={data ? `${data.category.image}-960.webp` : undefined}
      />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={href('/')}>Home</Link>
          </li>
          <li>
            <Link to={href('/deals')}>Deals</Link>
          </li>
          <li aria-current="page">{data?.category.name ?? slug}</li>
        </ol>
      </nav>
      {data ? (
        <div className="deal-hero">
          <ResponsiveImage
            className="deal-hero-image"
            src={data.category.image}
            alt=""
            widths={[480, 960]}
            sizes="(min-width: 1180px) 1156px, 100vw"
            width={960}
            height={400}
            priority
          />
          <div className="deal-hero-text">
            <h1>{data.category.name}</h1>
            <p>{data.category.description}</p>
          </div>
        </div>
      ) : category.error ? (
        <div className="notice notice-error" role="alert">
          <p>{category.error.message}</p>
          <button type="button" className="button" onClick={() => void category.mutate()}>
            Retry
          </button>
        </div>
      ) : (
        <div className="card card-skeleton" aria-hidden="true" />
      )}
      {data && data.subCategories.length > 1 ? (
        <nav aria-label="Narrow these deals">
          <ul className="chip-links">
            <li>
              <Link className="chip-link" to={href(`/deals/${slug}`)} aria-current={sub ? undefined : 'true'}>
                All ({data.category.dealCount})
              </Link>
            </li>
            {data.subCategories.map((s) => (
              <li key={s.id}>
                <Link
                  className="chip-link"
                  to={href(`/deals/${slug}?sub=${s.slug}`)}
                  aria-current={s.slug === sub ? 'true' : undefined}
                >
                  {s.name} ({s.dealCount})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className="section" aria-labelledby="live-deals-heading">
        <h2 id="live-deals-heading">Live deals</h2>
        <PagedList
          call={getDeals}
          paramsFor={(p) => dealsParams(p, slug, sub)}
          pageSize={DEALS_PAGE_SIZE}
          noun={['deal', 'deals']}
          empty={
            <p>
              No live deals here right now. <Link to={href('/deals')}>See all deals</Link>
            </p>
          }
          render={(d) => d.deals.map((deal, i) => <DealCard key={deal.id} deal={deal} priority={!data && i === 0} />)}
        />
      </section>
    </>
  );
}
