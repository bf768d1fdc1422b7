import { Link, useParams } from 'react-router-dom';
import { getCouponDetail } from '../../../contract/coupon-calls.ts';
import NotFoundPage from '../../app/not-found-page.tsx';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { couponPaymentText, formatDay } from '../../../contract/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { CopyCode } from './copy-code-button.tsx';
import { discountText, minCartText } from './coupon-text.ts';
import { CouponStatement } from './coupons-page.tsx';
import { couponDetailParams } from './coupons-data.ts';
import '../deals/deals.css';
import './coupons.css';

export default function CouponPage() {
  const { slug = '' } = useParams();
  const { href, money } = useSite();
  const { data: coupon, error, mutate } = useCall(getCouponDetail, couponDetailParams(slug));
  if (error instanceof ApiError && error.httpStatus === 404) return <NotFoundPage />;
  if (!coupon) {
    return (
      <section className="section narrow">
        <Seo title="Coupon" description="Coupon details and terms." noindex />
        {error ? (
          <div className="notice notice-error" role="alert">
            <p>{error.message}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              Retry
            </button>
          </div>
        ) : (
          <div className="card card-skeleton" aria-hidden="true" />
        )}
      </section>
    );
  }
  const min = minCartText(coupon.minCart, money);
  const discount = discountText(coupon.discount, money);
  return (
    <>
      <Seo
        title={`${coupon.code}: ${coupon.title}`}
        description={`${discount}. ${coupon.description} Valid until ${formatDay(coupon.validTo)}.`}
      />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={href('/')}>Home</Link>
          </li>
          <li>
            <Link to={href('/coupons')}>Coupons</Link>
          </li>
          <li aria-current="page">{coupon.code}</li>
        </ol>
      </nav>
      <article className="card coupon-detail">
        <div className="coupon-top">
          <p className="coupon-discount">{discount}</p>
          <p className="card-eyebrow">
            <Link to={href(`/coupons?category=${coupon.category.id}`)}>{coupon.category.name}</Link>
          </p>
        </div>
        <div className="card-body">
          <h1 className="coupon-title">{coupon.title}</h1>
          <p>{coupon.description}</p>
          {coupon.active ? (
            <CopyCode code={coupon.code} />
          ) : (
            <p className="notice notice-error">
              This coupon is not valid today: it runs from {formatDay(coupon.validFrom)} to {formatDay(coupon.validTo)}.
            </p>
          )}
          <dl className="coupon-facts">
            <div>
              <dt>Discount</dt>
              <dd>{discount}</dd>
            </div>
            {coupon.payment ? (
              <div>
                <dt>Way of paying</dt>
                <dd>{couponPaymentText(coupon.payment)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Minimum booking</dt>
              <dd>{min ? money(coupon.minCart) : 'Any booking'}</dd>
            </div>
            <div>
              <dt>Valid</dt>
              <dd>
                {formatDay(coupon.validFrom)} – {formatDay(coupon.validTo)}
              </dd>
            </div>
          </dl>
          <h2 className="coupon-terms-heading">Terms</h2>
          <ul className="coupon-terms">
            {coupon.terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <p>
            <Link className="button button-primary" to={href('/holidays')}>
              Find a holiday
            </Link>
          </p>
        </div>
      </article>
      <CouponStatement />
    </>
  );
}
