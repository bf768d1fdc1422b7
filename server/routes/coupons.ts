import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  couponList,
  getApplicableCoupons,
  getCouponCategoryList,
  getCouponDetail,
  getCouponList,
  getCouponStatement,
} from '../../contract/coupon-calls.ts';
import { ok } from '../lib/envelope.ts';
import { unauthorized, forbidden, notFound } from '../lib/errors.ts';
import { requestToken, TOKEN_EXPIRED } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { missionStatement } from '../services/content.ts';
import {
  applicableCoupons,
  categoryExists,
  couponBySlug,
  couponCategoryList,
  couponList as listCoupons,
  couponsForPage,
  type Audience,
} from '../services/promotions/coupons.ts';
import { ownHold } from '../services/bookings/holds.ts';
import { priceHold } from '../services/bookings/pricing.ts';
import { authenticate } from '../services/sessions.ts';

export async function couponRoutes(app: FastifyInstance) {
  /**
   * A traveller's own coupons are theirs alone: asking with a userId needs that traveller's
   * bearer token. Without a userId (and without a token) the answer holds public coupons only;
   * a valid token alone also adds the traveller's own.
   */
  async function audience(request: FastifyRequest, userId: number | undefined): Promise<Audience> {
    const token = requestToken(request, {});
    if (!token) {
      if (userId) throw unauthorized('Sign in to see your coupons.');
      return { userId: null };
    }
    const user = await authenticate(app.db, app.config, token);
    if (!user) {
      if (userId) throw unauthorized(TOKEN_EXPIRED);
      return { userId: null };
    }
    if (userId && user.userId !== userId) throw forbidden('These coupons belong to another account.');
    return { userId: user.userId };
  }

  route(app, couponList, async ({ PageName }, request) => ok(await couponsForPage(app.db, request.site, PageName)));

  route(app, getApplicableCoupons, async ({ cartTotal, userId, TempBookingId, PayWith }, request) => {
    const who = await audience(request, userId);
    if (!TempBookingId) return ok(await applicableCoupons(app.db, request.site, cartTotal, who, { payWith: PayWith }));
    // The checkout's coupons: read against the lines of the traveller's own hold, priced as the booking will be.
    if (!who.userId) throw unauthorized('Sign in to see the coupons for your booking.');
    const hold = await ownHold(app.db, who.userId, TempBookingId, request.site);
    const { couponLines } = await priceHold(app.db, {
      site: request.site,
      lines: hold.lines,
      userId: who.userId,
      tcsRate: app.config.TCS_RATE_PERCENT,
    });
    const total = couponLines.reduce((sum, l) => sum + l.amount, 0);
    return ok(await applicableCoupons(app.db, request.site, total, who, { lines: couponLines, payWith: PayWith }));
  });

  route(app, getCouponDetail, async ({ CouponSlug }, request) => {
    const coupon = await couponBySlug(app.db, request.site, CouponSlug, await audience(request, undefined));
    if (!coupon) throw notFound('This coupon was not found.');
    return ok(coupon);
  });

  route(app, getCouponList, async ({ userId, categoryId, pageIndex, pageSize }, request) => {
    const who = await audience(request, userId);
    if (categoryId && !(await categoryExists(app.db, categoryId)))
      throw notFound('There is no coupon category with this id.');
    return ok(await listCoupons(app.db, request.site, { categoryId, pageIndex, pageSize }, who));
  });

  route(app, getCouponCategoryList, async (_params, request) => ok(await couponCategoryList(app.db, request.site)));

  route(app, getCouponStatement, async () => {
    // The statement is the coupons page's own statement in the content tables.
    const statement = await missionStatement(app.db, 'coupons', false);
    if (!statement) throw notFound('The coupon statement is not available.');
    return ok({ title: statement.title, body: statement.body });
  });
}
