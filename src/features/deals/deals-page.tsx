import { getBanner } from '../../../contract/content-calls.ts';
import { getDeals, getSeasonalDealCategory } from '../../../contract/deal-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { PagedList } from '../content/paged-list.tsx';
import { BannerCarousel } from '../home/banner-carousel.tsx';
import { DealCard } from './deal-card.tsx';
import { DealCategoryTiles } from './deal-category-tiles.tsx';
import { DEALS_PAGE_SIZE, dealCategoriesParams, dealsBannerParams, dealsParams } from './deals-data.ts';
import '../catalogue/catalogue.css';
import './deals.css';

const allDeals = (pageIndex: number) => dealsParams(pageIndex);

export default function DealsPage() {
  const { site } = useSite();
  const banners = useCall(getBanner, dealsBannerParams);
  const categories = useCall(getSeasonalDealCategory, dealCategoriesParams);
  return (
    <>
      <Seo
        title="Holiday deals and seasonal offers"
        description={`Seasonal holiday deals ${site === 'IN' ? 'from India' : 'from the UAE'}: summer escapes, winter snow trips, festive getaways and weekend breaks, with the discount already in the price.`}
      />
      <div className="page-intro">
        <h1>Holiday deals</h1>
        <p>Seasonal offers with the discount already taken off the price you see.</p>
      </div>
      {banners.data?.length ? <BannerCarousel banners={banners.data} label="Deal offers" priority /> : null}
      {categories.data?.length ? (
        <section className="section" aria-labelledby="deal-categories-heading">
          <h2 id="deal-categories-heading">Deals by season</h2>
          <DealCategoryTiles categories={categories.data} />
        </section>
      ) : null}
      <section className="section" aria-labelledby="all-deals-heading">
        <h2 id="all-deals-heading">All live deals</h2>
        <PagedList
          call={getDeals}
          paramsFor={allDeals}
          pageSize={DEALS_PAGE_SIZE}
          noun={['deal', 'deals']}
          empty={<p>There are no live deals right now. New offers arrive every season.</p>}
          render={(data) => data.deals.map((d) => <DealCard key={d.id} deal={d} />)}
        />
      </section>
    </>
  );
}
