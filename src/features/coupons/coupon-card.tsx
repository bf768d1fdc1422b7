import { Link } from 'react-router-dom';
import type { Coupon } from '../../../contract/coupons.ts';
import { useSite } from '../../app/site-context.tsx';
import { couponPaymentText, formatDay } from '../../../contract/format.ts';
import { CopyCode } from './copy-code-button.tsx';
import { discountText, minCartText } from './coupon-text.ts';
import './coupons.css';

export function CouponCard({ coupon }: { coupon: Coupon }) {
  const { href, money } = useSite();
  const min = minCartText(coupon.minCart, money);
  return (
    <article className="card coupon-card">
      <div className="coupon-top">
        <p className="coupon-discount">{discountText(coupon.discount, money)}</p>
        <p className="card-eyebrow">{coupon.category.name}</p>
      </div>
      <div className="card-body">
        <h2 className="card-title">{coupon.title}</h2>
        <p className="coupon-description">{coupon.description}</p>
        <CopyCode code={coupon.code} />
        <p className="coupon-meta">
          {couponPaymentText(coupon.payment) ? `${couponPaymentText(coupon.payment)} · ` : ''}
          {min ? `${min} · ` : ''}Valid until {formatDay(coupon.validTo)}
        </p>
        <Link to={href(`/coupons/${coupon.slug}`)} className="coupon-terms-link">
          Details and terms<span className="visually-hidden"> of {coupon.title}</span>
        </Link>
      </div>
    </article>
  );
}
