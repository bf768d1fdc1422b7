import { z } from 'zod';
import { MAX_DB_ID } from './common.ts';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import type {
  AdminBanner,
  AdminCoupon,
  AdminCouponList,
  AdminDeal,
  AdminDealList,
  CouponRules,
  NewBanner,
  NewDeal,
  UploadedPicture,
} from './promotions.ts';

/*
 * The back office's promotions (issue 21): coupons (rules, limits, disable), deals and banners
 * (a picture first, then create, edit, order, schedule). All need `catalogue.edit`. Declared
 * once here (decision 0111): server/routes/admin-promotions.ts registers them, the desk calls them.
 */

const text = (what: string, max: number) =>
  z
    .string({ message: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is at most ${max} characters.`);
const when = (what: string) =>
  z.iso.datetime({ offset: true, message: `${what} must be a date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z).` });
/** An amount in the smallest unit (fils, paise): what the money columns hold (₹1 crore at most). */
const minorAmount = (what: string) =>
  z
    .number({ message: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .min(0, `${what} cannot be negative.`)
    .max(1_000_000_000, `${what} is too large.`);
const site = z.enum(['UAE', 'IN'], { message: 'The site is UAE, IN or empty for both.' }).nullable();

/** A coupon's rules as staff send them (CouponRules; a new coupon's limits may be left out: none). */
const couponRulesSchema = z.object({
  code: z
    .string({ message: 'The code is required.' })
    .trim()
    .regex(/^[A-Za-z0-9-]{3,30}$/, 'The code is 3 to 30 letters, digits or hyphens.'),
  title: text('The title', 200),
  description: text('The description', 2000),
  terms: z.array(text('A term', 500), { message: 'Terms are a list of lines.' }).max(30, 'At most 30 terms.'),
  categoryId: z.number({ message: 'Choose a category.' }).int().positive('Choose a category.'),
  pageName: text('The page', 60),
  site,
  discountType: z.enum(['percent', 'flat'], { message: 'The discount is percent or flat.' }),
  percent: z
    .number({ message: 'The percent must be a whole number.' })
    .int('The percent must be a whole number.')
    .min(1, 'The percent is from 1 to 100.')
    .max(100, 'The percent is from 1 to 100.')
    .nullable(),
  flatAed: minorAmount('The amount in AED').nullable(),
  flatInr: minorAmount('The amount in rupees').nullable(),
  maxDiscountAed: minorAmount('The cap in AED').nullable(),
  maxDiscountInr: minorAmount('The cap in rupees').nullable(),
  minCartAed: minorAmount('The minimum in AED'),
  minCartInr: minorAmount('The minimum in rupees'),
  validFrom: when('Valid from'),
  validTo: when('Valid to'),
  oncePerTraveller: z.boolean({ message: 'Once per traveller is true or false.' }),
  firstBookingOnly: z.boolean({ message: 'First booking only is true or false.' }),
  tripTypeId: z.number({ message: 'Choose a trip type or none.' }).int().positive().nullable(),
  travelWithinDays: z
    .number({ message: 'Travel within must be a number of days.' })
    .int('Travel within must be a whole number of days.')
    .min(1, 'Travel within is at least 1 day.')
    .max(730, 'Travel within is at most 730 days.')
    .nullable(),
  paymentMethod: z
    .enum(['card', 'netbanking', 'upi'], { message: 'The way to pay is card, netbanking, upi or none.' })
    .nullable(),
  paymentBank: z.string().trim().max(100, 'The bank’s name is at most 100 characters.').nullable(),
  // Limits (docs/decisions/0105): absent on a new coupon is none.
  packageIds: z
    .array(z.number().int().positive('Choose packages from the list.'), {
      message: 'The packages are a list of package ids.',
    })
    .max(200, 'At most 200 packages.')
    .optional(),
  cityIds: z
    .array(z.number().int().positive('Choose destinations from the list.'), {
      message: 'The destinations are a list of city ids.',
    })
    .max(100, 'At most 100 destinations.')
    .optional(),
});

const idParams = z.object({
  id: z.coerce
    .number({ message: 'The id must be a number.' })
    .int()
    .positive('The id must be a number.')
    // Beyond the database's integer, an id names nothing: refused in words, not a failed query.
    .max(MAX_DB_ID, 'Nothing has this id: reload the page.'),
});
const order = z.object({
  ids: z
    .array(z.number().int().positive(), { message: 'Send the ids in their new order.' })
    .min(1, 'Send the ids in their new order.')
    .max(500),
});
const sort = z
  .number({ message: 'The order must be a whole number.' })
  .int('The order must be a whole number.')
  .min(-100_000)
  .max(100_000);
const picturePath = z
  .string({ message: 'Upload the picture first.' })
  .regex(/^\/images\/uploads\/[a-f0-9]{32}$/, 'Upload the picture first, then save with the path its upload answered.');
const discountPercent = z
  .number({ message: 'The discount must be a whole percent.' })
  .int('The discount must be a whole percent.')
  .min(0, 'The discount is from 0 to 90%.')
  .max(90, 'The discount is from 0 to 90%.');

const coupon = answer<AdminCoupon>('AdminCoupon');
const permission = 'catalogue.edit' as const;

export const listCouponsCall = defineAdminCall({
  method: 'GET',
  path: 'coupons',
  params: noParams,
  data: answer<AdminCouponList>('AdminCouponList'),
  permission,
});
export const getCouponCall = defineAdminCall({
  method: 'GET',
  path: 'coupons/:id',
  params: idParams,
  data: coupon,
  permission,
});
export const createCouponCall = defineAdminCall({
  method: 'POST',
  path: 'coupons',
  params: noParams,
  body: couponRulesSchema,
  data: coupon,
  permission,
});
export const updateCouponCall = defineAdminCall({
  method: 'POST',
  path: 'coupons/:id',
  params: idParams,
  body: couponRulesSchema.partial(),
  data: coupon,
  permission,
});
export const disableCouponCall = defineAdminCall({
  method: 'POST',
  path: 'coupons/:id/disable',
  params: idParams,
  data: coupon,
  permission,
});
export const enableCouponCall = defineAdminCall({
  method: 'POST',
  path: 'coupons/:id/enable',
  params: idParams,
  data: coupon,
  permission,
});

/** A deal's edit: only the fields sent change. */
const dealChangeSchema = z.object({
  image: picturePath.optional(),
  title: text('The title', 200).optional(),
  description: text('The description', 2000).optional(),
  discountPercent: discountPercent.optional(),
  sort: sort.optional(),
  startsAt: when('Starts').nullable().optional(),
  validTo: when('Ends').optional(),
});
/** A new deal (NewDeal): its picture uploaded first. */
const newDealSchema = z.object({
  title: text('The title', 200),
  description: text('The description', 2000),
  image: picturePath,
  categoryId: z.number({ message: 'Choose a category.' }).int().positive('Choose a category.'),
  packageId: z.number({ message: 'Choose a package or none.' }).int().positive('Choose a package or none.').nullable(),
  discountPercent,
  startsAt: when('Starts').nullable(),
  validTo: when('Ends'),
});

const deal = answer<AdminDeal>('AdminDeal');
const dealList = answer<AdminDealList>('AdminDealList');
export const listDealsCall = defineAdminCall({
  method: 'GET',
  path: 'deals',
  params: noParams,
  data: dealList,
  permission,
});
/** Made once per Idempotency-Key header (a double click makes one deal). */
export const createDealCall = defineAdminCall({
  method: 'POST',
  path: 'deals',
  params: noParams,
  body: newDealSchema,
  data: deal,
  permission,
});
/** Answers the list in its new order. */
export const orderDealsCall = defineAdminCall({
  method: 'POST',
  path: 'deals/order',
  params: noParams,
  body: order,
  data: dealList,
  permission,
});
export const updateDealCall = defineAdminCall({
  method: 'POST',
  path: 'deals/:id',
  params: idParams,
  body: dealChangeSchema,
  data: deal,
  permission,
});

const link = z
  .string({ message: 'The link is required.' })
  .trim()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, 'The link is a path on the shop (/deals) or an https:// address.')
  .max(500);
const subtitle = z.string().trim().max(300, 'The subtitle is at most 300 characters.');
/** A banner's edit: only the fields sent change. */
const bannerChangeSchema = z.object({
  image: picturePath.optional(),
  title: text('The title', 200).optional(),
  subtitle: subtitle.optional(),
  link: link.optional(),
  site: site.optional(),
  sort: sort.optional(),
  startsAt: when('Starts').nullable().optional(),
  endsAt: when('Ends').nullable().optional(),
});
/** A new banner (NewBanner): its picture uploaded first. */
const newBannerSchema = z.object({
  bannerType: z.enum(['home', 'holidays', 'deals'], { message: 'The banner is for the home, holidays or deals page.' }),
  site,
  title: text('The title', 200),
  subtitle,
  image: picturePath,
  link,
  startsAt: when('Starts').nullable(),
  endsAt: when('Ends').nullable(),
});

const banner = answer<AdminBanner>('AdminBanner');
const bannerList = answer<{ items: AdminBanner[] }>('A list of AdminBanner in `items`');
export const listBannersCall = defineAdminCall({
  method: 'GET',
  path: 'banners',
  params: noParams,
  data: bannerList,
  permission,
});
/** Made once per Idempotency-Key header (a double click makes one banner). */
export const createBannerCall = defineAdminCall({
  method: 'POST',
  path: 'banners',
  params: noParams,
  body: newBannerSchema,
  data: banner,
  permission,
});
/** Answers the list in its new order. */
export const orderBannersCall = defineAdminCall({
  method: 'POST',
  path: 'banners/order',
  params: noParams,
  body: order,
  data: bannerList,
  permission,
});
export const updateBannerCall = defineAdminCall({
  method: 'POST',
  path: 'banners/:id',
  params: idParams,
  body: bannerChangeSchema,
  data: banner,
  permission,
});

/**
 * A deal's or a banner's picture, as multipart/form-data with one `file` (JPEG, PNG or WebP): answers the path to give
 * it.
 */
export const uploadDealPictureCall = defineAdminCall({
  method: 'POST',
  path: 'deals/pictures',
  params: noParams,
  form: true,
  data: answer<UploadedPicture>('UploadedPicture'),
  permission,
});
export const uploadBannerPictureCall = defineAdminCall({
  method: 'POST',
  path: 'banners/pictures',
  params: noParams,
  form: true,
  data: answer<UploadedPicture>('UploadedPicture'),
  permission,
});

// The schemas read what the contract's interfaces say: a field renamed on one side is a type error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type PromotionSchemasAgree = [
  Expect<Same<z.output<typeof newDealSchema>, NewDeal>>,
  Expect<Same<z.output<typeof newBannerSchema>, NewBanner>>,
  Expect<Same<Required<z.output<typeof couponRulesSchema>>, CouponRules>>,
];
