/**
 * The back office's promotions (issue 21): coupons with their rules and usage, deals and banners with order and
 * schedule.
 */
import type { Currency } from './site.ts';

/**
 * A coupon's rules as staff edit them; amounts in the smallest unit of the site's currency (fils, paise), as the shop
 * keeps and reads them.
 */
export interface CouponRules {
  code: string;
  title: string;
  description: string;
  terms: string[];
  categoryId: number;
  pageName: string;
  /** null: both sites. */
  site: 'UAE' | 'IN' | null;
  discountType: 'percent' | 'flat';
  percent: number | null;
  flatAed: number | null;
  flatInr: number | null;
  maxDiscountAed: number | null;
  maxDiscountInr: number | null;
  minCartAed: number;
  minCartInr: number;
  validFrom: string;
  validTo: string;
  oncePerTraveller: boolean;
  firstBookingOnly: boolean;
  tripTypeId: number | null;
  travelWithinDays: number | null;
  paymentMethod: 'card' | 'netbanking' | 'upi' | null;
  paymentBank: string | null;
  /**
   * Only on these packages and on packages in these destination cities (both empty: any package; docs/decisions/0105).
   */
  packageIds: number[];
  cityIds: number[];
}

/**
 * Bookings that used a coupon, per site: not cancelled ones and the discount they got (smallest unit), and how many
 * were cancelled.
 */
export interface CouponUsage {
  site: 'UAE' | 'IN';
  currency: Currency;
  bookings: number;
  discount: number;
  cancelled: number;
}

export interface AdminCoupon extends CouponRules {
  id: number;
  slug: string;
  /** A coupon issued to one traveller (not editable here). */
  userId: number | null;
  disabledAt: string | null;
  /** On offer now: within its dates and not disabled. */
  live: boolean;
  usage: CouponUsage[];
}

export interface AdminCouponList {
  items: AdminCoupon[];
  categories: { id: number; name: string }[];
  tripTypes: { id: number; name: string }[];
  /** What a coupon can be limited to: the packages and the destination cities. */
  packages: { id: number; title: string }[];
  destinations: { id: number; name: string }[];
}

export interface AdminDeal {
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string;
  category: string;
  packageId: number | null;
  discountPercent: number;
  sort: number;
  /** null: live at once. */
  startsAt: string | null;
  validTo: string;
  live: boolean;
}

export interface AdminBanner {
  id: number;
  bannerType: string;
  site: 'UAE' | 'IN' | null;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
  live: boolean;
}

/** The deals' list with what a new deal is chosen from. */
export interface AdminDealList {
  items: AdminDeal[];
  categories: { id: number; name: string }[];
  packages: { id: number; title: string }[];
}

/** A new deal: its picture uploaded first (POST /api/admin/deals/pictures answers its path). */
export interface NewDeal {
  title: string;
  description: string;
  image: string;
  categoryId: number;
  packageId: number | null;
  discountPercent: number;
  startsAt: string | null;
  validTo: string;
}

/** A new banner: its picture uploaded first (POST /api/admin/banners/pictures answers its path). */
export interface NewBanner {
  bannerType: 'home' | 'holidays' | 'deals';
  site: 'UAE' | 'IN' | null;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  startsAt: string | null;
  endsAt: string | null;
}

/** A picture uploaded for a deal or a banner: the path to give it. */
export interface UploadedPicture {
  path: string;
}
