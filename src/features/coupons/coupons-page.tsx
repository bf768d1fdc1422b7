import { Link, useLocation } from 'react-router-dom';
import { getCouponCategoryList, getCouponList, getCouponStatement } from '../../../contract/coupon-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { useCall } from '../../lib/use-call.ts';
import { PagedList } from '../content/paged-list.tsx';
import { RichText } from '../content/rich-text.tsx';
import { CouponCard } from './coupon-card.tsx';
import { categoryFromSearch } from './coupon-text.ts';
import { COUPON_PAGE_SIZE, couponCategoriesParams, couponListParams, couponStatementParams } from './coupons-data.ts';
import '../catalogue/catalogue.css';
import '../deals/deals.css';
import './coupons.css';

export function CouponStatement() {
  const statement = useCall(getCouponStatement, couponStatementParams);
  if (!statement.data) return null;
  return (
    <section className="section coupon-statement" aria-labelledby="coupon-statement-heading">
      <h2 id="coupon-statement-heading">{statement.data.title}</h2>
      <RichText html={statement.data.body} />
    </section>
  );
}

export default function CouponsPage() {
  const { href, site } = useSite();
  const { search } = useLocation();
  const categoryId = categoryFromSearch(new URLSearchParams(search));
  const categories = useCall(getCouponCategoryList, couponCategoriesParams);
  const category = categories.data?.find((c) => c.id === categoryId);
  return (
    <>
      <Seo
        title={category ? `${category.name} coupons` : 'Holiday coupons and offer codes'}
        description={`Coupon codes for holidays ${site === 'IN' ? 'from India, in rupees' : 'from the UAE, in AED'}: bank offers, first-booking savings, festive and honeymoon specials. Copy a code and apply it at checkout.`}
      />
      <div className="page-intro">
        <h1>{category ? `${category.name} coupons` : 'Coupons'}</h1>
        <p>Copy a code and apply it at checkout. One coupon per booking.</p>
      </div>
      {categories.data?.length ? (
        <nav aria-label="Coupon categories">
          <ul className="chip-links">
            <li>
              <Link className="chip-link" to={href('/coupons')} aria-current={categoryId ? undefined : 'true'}>
                All
              </Link>
            </li>
            {categories.data.map((c) => (
              <li key={c.id}>
                <Link
                  className="chip-link"
                  to={href(`/coupons?category=${c.id}`)}
                  aria-current={c.id === categoryId ? 'true' : undefined}
                >
                  {c.name} ({c.couponCount})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className="section" aria-label="Coupons">
        <PagedList
          call={getCouponList}
          paramsFor={(p) => couponListParams(p, categoryId)}
          pageSize={COUPON_PAGE_SIZE}
          noun={['coupon', 'coupons']}
          empty={
            <p>
              No coupons in this category right now. <Link to={href('/coupons')}>See all coupons</Link>
            </p>
          }
          render={(d) => d.coupons.map((c) => <CouponCard key={c.id} coupon={c} />)}
        />
      </section>
      <CouponStatement />
    </>
  );
}
