import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminBanner, AdminDeal } from '../../contract/promotions.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../lib/envelope.ts';
import { idempotencyKey } from '../lib/owner.ts';
import { readPictureForm, requirePictureForm } from '../lib/picture-upload.ts';
import { MAX_IMAGE_BYTES } from '../services/catalogue-admin/images.ts';
import { answer, once } from '../services/idempotency.ts';
import { createCoupon, getCoupon, listCoupons, setCouponDisabled, updateCoupon } from '../services/promotions/coupons.ts';
import { createBanner, createDeal, dealList, listBanners, reorder, updateBanner, updateDeal, uploadPromotionPicture } from '../services/promotions/deals-banners.ts';
import type { Actor } from '../services/staff/audit.ts';
import type { AdminContext } from './admin.ts';

const text = (what: string, max: number) => z.string({ message: `${what} is required.` }).trim().min(1, `${what} is required.`).max(max, `${what} is at most ${max} characters.`);
const when = (what: string) => z.iso.datetime({ offset: true, message: `${what} must be a date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z).` });
const whole = (what: string) => z.number({ message: `${what} must be a whole number.` }).int(`${what} must be a whole number.`).min(0, `${what} cannot be negative.`).max(100_000_000, `${what} is too large.`);
const site = z.enum(['UAE', 'IN'], { message: 'The site is UAE, IN or empty for both.' }).nullable();

const couponRules = z.object({
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
  percent: z.number({ message: 'The percent must be a whole number.' }).int('The percent must be a whole number.').min(1, 'The percent is from 1 to 100.').max(100, 'The percent is from 1 to 100.').nullable(),
  flatAed: whole('The amount in AED').nullable(),
  flatInr: whole('The amount in rupees').nullable(),
  maxDiscountAed: whole('The cap in AED').nullable(),
  maxDiscountInr: whole('The cap in rupees').nullable(),
  minCartAed: whole('The minimum in AED'),
  minCartInr: whole('The minimum in rupees'),
  validFrom: when('Valid from'),
  validTo: when('Valid to'),
  oncePerTraveller: z.boolean({ message: 'Once per traveller is true or false.' }),
  firstBookingOnly: z.boolean({ message: 'First booking only is true or false.' }),
  tripTypeId: z.number({ message: 'Choose a trip type or none.' }).int().positive().nullable(),
  travelWithinDays: z.number({ message: 'Travel within must be a number of days.' }).int('Travel within must be a whole number of days.').min(1, 'Travel within is at least 1 day.').max(730, 'Travel within is at most 730 days.').nullable(),
  paymentMethod: z.enum(['card', 'netbanking', 'upi'], { message: 'The way to pay is card, netbanking, upi or none.' }).nullable(),
  paymentBank: z.string().trim().max(100, 'The bank’s name is at most 100 characters.').nullable(),
  // Limits (docs/decisions/0105): absent on a new coupon is none.
  packageIds: z.array(z.number().int().positive('Choose packages from the list.'), { message: 'The packages are a list of package ids.' }).max(200, 'At most 200 packages.').optional(),
  cityIds: z.array(z.number().int().positive('Choose destinations from the list.'), { message: 'The destinations are a list of city ids.' }).max(100, 'At most 100 destinations.').optional(),
});

const idParams = z.object({ id: z.coerce.number({ message: 'The id must be a number.' }).int().positive('The id must be a number.') });
const order = z.object({ ids: z.array(z.number().int().positive(), { message: 'Send the ids in their new order.' }).min(1, 'Send the ids in their new order.').max(500) });
const sort = z.number({ message: 'The order must be a whole number.' }).int('The order must be a whole number.').min(-100_000).max(100_000);

const picturePath = z.string({ message: 'Upload the picture first.' }).regex(/^\/images\/uploads\/[a-f0-9]{32}$/, 'Upload the picture first, then save with the path its upload answered.');

/** Coupons (rules, limits, disable, usage), deals and banners (create with a picture, edit, order, schedule) (issue 21). */
export async function promotionRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const guard = ctx.guard('catalogue.edit');

  // Pictures for deals and banners, checked and resized as package pictures are; only these routes read multipart bodies.
  await appIn.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 2_000, parts: 3 } });
    for (const kind of ['deal', 'banner'] as const) {
      // multipart: `file` (JPEG, PNG or WebP); answers the path to give the deal or banner.
      scoped.post(`/${kind}s/pictures`, { preHandler: guard }, async (request) => {
        requirePictureForm(request, 'the field file');
        const { content } = await readPictureForm(request);
        const picture = await uploadPromotionPicture(scoped.db, scoped.files, ctx.actorOf(request), kind, content, ctx.now());
        return ok(picture, `Picture uploaded: save the ${kind} to use it.`);
      });
    }
  });

  /**
   * Creates a deal or a banner once per Idempotency-Key (a double click makes one), answering
   * whether the shop shows it now or from its start.
   */
  const createdOnce = async <R extends AdminDeal | AdminBanner>(request: FastifyRequest, reply: FastifyReply, kind: 'deal' | 'banner', create: (tx: Db, actor: Actor) => Promise<R>) => {
    const actor = ctx.actorOf(request);
    const route = kind === 'deal' ? 'DeskCreateDeal' : 'DeskCreateBanner';
    const result = await once(app.db, { owner: `staff:${actor.staffId}`, key: idempotencyKey(request), route, params: request.body }, async (tx) => {
      const made = await create(tx, actor);
      return { statusCode: 200, body: ok(made, `The ${kind} “${made.title}” is created: the shop shows it ${made.live ? 'now' : 'from its start'}.`) };
    });
    return answer<R>(reply, result);
  };

  app.get('/coupons', { preHandler: guard }, async () => ok(await listCoupons(app.db, ctx.now())));
  app.get('/coupons/:id', { preHandler: guard, schema: { params: idParams } }, async (request) => ok(await getCoupon(app.db, request.params.id, ctx.now())));
  app.post('/coupons', { preHandler: guard, schema: { body: couponRules } }, async (request) => {
    const rules = { ...request.body, paymentBank: request.body.paymentBank || null, packageIds: request.body.packageIds ?? [], cityIds: request.body.cityIds ?? [] };
    const coupon = await createCoupon(app.db, ctx.actorOf(request), rules, ctx.now());
    return ok(coupon, `Coupon ${coupon.code} is created.`);
  });
  app.post('/coupons/:id', { preHandler: guard, schema: { params: idParams, body: couponRules.partial() } }, async (request) => {
    const coupon = await updateCoupon(app.db, ctx.actorOf(request), request.params.id, request.body, ctx.now());
    return ok(coupon, `Coupon ${coupon.code} is saved.`);
  });
  app.post('/coupons/:id/disable', { preHandler: guard, schema: { params: idParams } }, async (request) => {
    const coupon = await setCouponDisabled(app.db, ctx.actorOf(request), request.params.id, true, ctx.now());
    return ok(coupon, `Coupon ${coupon.code} is disabled: the shop refuses it from now on.`);
  });
  app.post('/coupons/:id/enable', { preHandler: guard, schema: { params: idParams } }, async (request) => {
    const coupon = await setCouponDisabled(app.db, ctx.actorOf(request), request.params.id, false, ctx.now());
    return ok(coupon, `Coupon ${coupon.code} is enabled again.`);
  });

  const dealChange = z.object({
    image: picturePath.optional(),
    title: text('The title', 200).optional(),
    description: text('The description', 2000).optional(),
    discountPercent: z.number({ message: 'The discount must be a whole percent.' }).int('The discount must be a whole percent.').min(0, 'The discount is from 0 to 90%.').max(90, 'The discount is from 0 to 90%.').optional(),
    sort: sort.optional(),
    startsAt: when('Starts').nullable().optional(),
    validTo: when('Ends').optional(),
  });
  const newDeal = z.object({
    title: text('The title', 200),
    description: text('The description', 2000),
    image: picturePath,
    categoryId: z.number({ message: 'Choose a category.' }).int().positive('Choose a category.'),
    packageId: z.number({ message: 'Choose a package or none.' }).int().positive('Choose a package or none.').nullable(),
    discountPercent: z.number({ message: 'The discount must be a whole percent.' }).int('The discount must be a whole percent.').min(0, 'The discount is from 0 to 90%.').max(90, 'The discount is from 0 to 90%.'),
    startsAt: when('Starts').nullable(),
    validTo: when('Ends'),
  });
  app.get('/deals', { preHandler: guard }, async () => ok(await dealList(app.db, ctx.now())));
  app.post('/deals', { preHandler: guard, schema: { body: newDeal } }, (request, reply) => createdOnce(request, reply, 'deal', (tx, actor) => createDeal(tx, app.files, actor, request.body, ctx.now())));
  app.post('/deals/order', { preHandler: guard, schema: { body: order } }, async (request) => {
    await reorder(app.db, ctx.actorOf(request), 'deal', request.body.ids, ctx.now());
    return ok(await dealList(app.db, ctx.now()), 'The deals’ order is saved.');
  });
  app.post('/deals/:id', { preHandler: guard, schema: { params: idParams, body: dealChange } }, async (request) => {
    const deal = await updateDeal(app.db, app.files, ctx.actorOf(request), request.params.id, request.body, ctx.now());
    return ok(deal, `The deal “${deal.title}” is saved.`);
  });

  const link = z
    .string({ message: 'The link is required.' })
    .trim()
    .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, 'The link is a path on the shop (/deals) or an https:// address.')
    .max(500);
  const subtitle = z.string().trim().max(300, 'The subtitle is at most 300 characters.');
  const bannerChange = z.object({
    image: picturePath.optional(),
    title: text('The title', 200).optional(),
    subtitle: subtitle.optional(),
    link: link.optional(),
    site: site.optional(),
    sort: sort.optional(),
    startsAt: when('Starts').nullable().optional(),
    endsAt: when('Ends').nullable().optional(),
  });
  const newBanner = z.object({
    bannerType: z.enum(['home', 'holidays', 'deals'], { message: 'The banner is for the home, holidays or deals page.' }),
    site,
    title: text('The title', 200),
    subtitle,
    image: picturePath,
    link,
    startsAt: when('Starts').nullable(),
    endsAt: when('Ends').nullable(),
  });
  app.get('/banners', { preHandler: guard }, async () => ok({ items: await listBanners(app.db, ctx.now()) }));
  app.post('/banners', { preHandler: guard, schema: { body: newBanner } }, (request, reply) => createdOnce(request, reply, 'banner', (tx, actor) => createBanner(tx, app.files, actor, request.body, ctx.now())));
  app.post('/banners/order', { preHandler: guard, schema: { body: order } }, async (request) => {
    await reorder(app.db, ctx.actorOf(request), 'banner', request.body.ids, ctx.now());
    return ok({ items: await listBanners(app.db, ctx.now()) }, 'The banners’ order is saved.');
  });
  app.post('/banners/:id', { preHandler: guard, schema: { params: idParams, body: bannerChange } }, async (request) => {
    const banner = await updateBanner(app.db, app.files, ctx.actorOf(request), request.params.id, request.body, ctx.now());
    return ok(banner, `The banner “${banner.title}” is saved.`);
  });
}
