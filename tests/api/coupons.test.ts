import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponList,
  getApplicableCoupons,
  getCouponCategoryList,
  getCouponDetail,
  getCouponList,
  getCouponStatement,
} from '../../contract/coupon-calls.ts';
import type { Coupon } from '../../contract/coupons.ts';
import { coupons, users } from '../../server/db/schema.ts';
import { createSession } from '../../server/services/sessions.ts';
import { call, contentChanged, currencies, expectSanitised, failure, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [u, o] = await db
    .insert(users)
    .values([
      { email: 'coupon.owner@gmail.com', name: 'Coupon Owner' },
      { email: 'someone.else@gmail.com', name: 'Someone Else' },
    ])
    .returning();
  userId = u!.id;
  token = (await createSession(db, t.app.config, { id: u!.id, email: u!.email!, name: u!.name })).token;
  otherToken = (await createSession(db, t.app.config, { id: o!.id, email: o!.email!, name: o!.name })).token;
  await db.insert(coupons).values({
    slug: 'owner-only-500',
    code: 'OWNER500',
    title: 'Just for you',
    description: 'A thank-you coupon.',
    terms: ['Yours only.'],
    categoryId: 2,
    pageName: 'coupons',
    site: null,
    discountType: 'flat',
    flatAed: 5_000,
    flatInr: 50_000,
    validFrom: new Date('2020-01-01T00:00:00Z'),
    validTo: new Date(Date.now() + 365 * 86_400_000),
    userId,
  });
});
afterAll(() => t.close());

const bearer = (tk: string) => ({ authorization: `Bearer ${tk}` });

/** A site's answer never names the other site's currency, in amounts or in words. */
function expectOneCurrency(body: string, data: unknown, site: 'UAE' | 'IN') {
  expect([...currencies(data)]).toEqual([site === 'IN' ? 'INR' : 'AED']);
  if (site === 'IN') expect(body).not.toMatch(/AED/);
  else expect(body).not.toMatch(/₹|INR/);
}

describe('CouponList', () => {
  it('answers the public coupons promoted on a page, in the site’s currency only', async () => {
    for (const site of ['UAE', 'IN'] as const) {
      const res = await call(t, couponList, { PageName: 'home' }, { site });
      const list = res.json().data as Coupon[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((c) => c.pageName === 'home' && !c.personal)).toBe(true);
      expectOneCurrency(res.body, list, site);
    }
    expect(await failure(t, couponList, {})).toMatchObject({ code: 400, message: 'PageName: is required' });
  });

  it('shows a site-only coupon on its own site alone', async () => {
    const [indiaOnly] = await t.database.db.select().from(coupons).where(eq(coupons.site, 'IN')).limit(1);
    const india = await read(t, couponList, { PageName: indiaOnly!.pageName }, { site: 'IN' });
    const uae = await read(t, couponList, { PageName: indiaOnly!.pageName }, { site: 'UAE' });
    expect(india.map((c) => c.slug)).toContain(indiaOnly!.slug);
    expect(uae.map((c) => c.slug)).not.toContain(indiaOnly!.slug);
  });
});

describe('GetApplicableCoupons', () => {
  it('works out each coupon’s discount for a cart total, or says why it does not apply', async () => {
    const res = await call(t, getApplicableCoupons, { cartTotal: 300_000 }, { site: 'UAE' });
    const r = res.json().data as {
      cartTotal: unknown;
      coupons: {
        coupon: Coupon;
        applicable: boolean;
        discount: { amount: number };
        payable: { amount: number };
        reason: string | null;
      }[];
    };
    expectOneCurrency(res.body, r, 'UAE');
    expect(r.cartTotal).toEqual({ amount: 300_000, currency: 'AED' });
    for (const c of r.coupons) {
      expect(c.payable.amount).toBe(300_000 - c.discount.amount);
      if (c.coupon.minCart.amount > 300_000) {
        expect(c.applicable).toBe(false);
        expect(c.discount.amount).toBe(0);
        expect(c.reason).toBe(
          `Add AED ${((c.coupon.minCart.amount - 300_000) / 100).toLocaleString('en-US')} more to use this coupon.`,
        );
      } else if (c.coupon.payment) {
        // Tied to a way of paying, not chosen here: never applicable (nor picked as the best).
        expect(c.applicable).toBe(false);
        expect(c.reason).toMatch(/^This coupon is for paying (by|with) .*: choose that way to pay to use it\.$/);
      } else {
        expect(c.applicable).toBe(true);
        expect(c.reason).toBeNull();
        const d = c.coupon.discount;
        const expected =
          d.type === 'flat'
            ? d.amount.amount
            : // A percentage of AED 3,000, rounded down to the whole dirham, in fils.
              Math.min(Math.floor((3000 * d.percent) / 100) * 100, d.maxDiscount?.amount ?? Infinity);
        expect(c.discount.amount).toBe(expected);
      }
    }
    // Applicable first, biggest discount first.
    const applicable = r.coupons.filter((c) => c.applicable);
    expect(applicable.length).toBeGreaterThan(0);
    expect(r.coupons.slice(0, applicable.length).every((c) => c.applicable)).toBe(true);
    const amounts = applicable.map((c) => c.discount.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // The welcome coupon: 10% capped at AED 300.
    expect(r.coupons.find((c) => c.coupon.code === 'WELCOME10')?.discount).toEqual({ amount: 30_000, currency: 'AED' });
  });

  it('answers the India site in rupees with India’s minimums', async () => {
    const res = await call(t, getApplicableCoupons, { cartTotal: 1_500_000 }, { site: 'IN' });
    const r = res.json().data as { coupons: { coupon: Coupon; discount: { amount: number } }[] };
    expectOneCurrency(res.body, r, 'IN');
    expect(r.coupons.find((c) => c.coupon.code === 'WELCOME10')?.discount).toEqual({
      amount: 150_000,
      currency: 'INR',
    });
  });

  it('explains an empty cart and refuses a bad total', async () => {
    const r = await read(t, getApplicableCoupons, { cartTotal: 0 });
    expect(r.coupons.every((c) => !c.applicable && c.reason === 'Add a holiday to your cart to use this coupon.')).toBe(
      true,
    );
    expect(await failure(t, getApplicableCoupons, {})).toMatchObject({ code: 400, message: 'cartTotal: is required' });
    expect(await failure(t, getApplicableCoupons, { cartTotal: -5 })).toMatchObject({
      code: 400,
      message: 'cartTotal: must be a whole amount of 0 or more',
    });
    expect(await failure(t, getApplicableCoupons, { cartTotal: 'lots' })).toMatchObject({
      code: 400,
      message: 'cartTotal: must be a whole amount of 0 or more',
    });
  });

  it('adds the traveller’s own coupons only with their token', async () => {
    const mine = await read(t, getApplicableCoupons, { cartTotal: 300_000, userId }, { headers: bearer(token) });
    expect(mine.coupons.some((c) => c.coupon.code === 'OWNER500' && c.coupon.personal)).toBe(true);
    const anonymous = await read(t, getApplicableCoupons, { cartTotal: 300_000 });
    expect(anonymous.coupons.some((c) => c.coupon.code === 'OWNER500')).toBe(false);
    expect(await failure(t, getApplicableCoupons, { cartTotal: 300_000, userId })).toMatchObject({
      code: 401,
      message: 'Sign in to see your coupons.',
    });
    expect(
      await failure(t, getApplicableCoupons, { cartTotal: 300_000, userId }, { headers: bearer(otherToken) }),
    ).toMatchObject({
      code: 403,
      message: 'These coupons belong to another account.',
    });
  });
});

describe('Coupon/GetCouponDetail', () => {
  it('answers a coupon with its terms in the site’s currency only', async () => {
    for (const site of ['UAE', 'IN'] as const) {
      const res = await call(t, getCouponDetail, { CouponSlug: 'welcome-10' }, { site });
      expect(res.statusCode).toBe(200);
      const d = res.json().data as { terms: string[]; active: boolean; code: string };
      expect(d.code).toBe('WELCOME10');
      expect(d.active).toBe(true);
      expect(d.terms.length).toBeGreaterThan(0);
      expectOneCurrency(res.body, d, site);
    }
  });

  it('answers 404 for an unknown slug, another site’s coupon or someone else’s coupon', async () => {
    const notFound = { code: 404, status: 'error', message: 'This coupon was not found.', data: null };
    expect(await failure(t, getCouponDetail, { CouponSlug: 'no-such-coupon' })).toEqual(notFound);
    const [indiaOnly] = await t.database.db.select().from(coupons).where(eq(coupons.site, 'IN')).limit(1);
    expect(await failure(t, getCouponDetail, { CouponSlug: indiaOnly!.slug }, { site: 'UAE' })).toEqual(notFound);
    expect(await failure(t, getCouponDetail, { CouponSlug: 'owner-only-500' })).toEqual(notFound);
    expect(
      await failure(t, getCouponDetail, { CouponSlug: 'owner-only-500' }, { headers: bearer(otherToken) }),
    ).toEqual(notFound);
    expect(
      (await read(t, getCouponDetail, { CouponSlug: 'owner-only-500' }, { headers: bearer(token) })).personal,
    ).toBe(true);
    expect(await failure(t, getCouponDetail, {})).toMatchObject({ code: 400, message: 'CouponSlug: is required' });
  });

  it('marks an expired coupon inactive and leaves it out of lists', async () => {
    const [expired] = await t.database.db.select().from(coupons).where(isNull(coupons.site)).limit(1);
    await t.database.db
      .update(coupons)
      .set({ validTo: new Date('2021-01-01T00:00:00Z') })
      .where(eq(coupons.id, expired!.id));
    await contentChanged(t);
    expect((await read(t, getCouponDetail, { CouponSlug: expired!.slug })).active).toBe(false);
    const list = await read(t, getCouponList, { pageSize: 50 });
    expect(list.coupons.map((c) => c.slug)).not.toContain(expired!.slug);
    await t.database.db.update(coupons).set({ validTo: expired!.validTo }).where(eq(coupons.id, expired!.id));
    await contentChanged(t);
  });
});

describe('Coupon/GetCouponList', () => {
  it('pages with defaults pageIndex 1 and pageSize 10 and a total over all pages', async () => {
    const first = await read(t, getCouponList, {});
    expect(first.pageIndex).toBe(1);
    expect(first.pageSize).toBe(10);
    expect(first.coupons.length).toBe(Math.min(10, first.total));
    const slugs: string[] = [];
    for (let page = 1; (page - 1) * 3 < first.total; page++) {
      const r = await read(t, getCouponList, { pageIndex: page, pageSize: 3 });
      expect(r.total).toBe(first.total);
      slugs.push(...r.coupons.map((c) => c.slug));
    }
    expect(new Set(slugs).size).toBe(first.total);
  });

  it('narrows to a category, and refuses bad paging and unknown categories', async () => {
    const cats = await read(t, getCouponCategoryList, {});
    const cat = cats.find((c) => c.couponCount > 0)!;
    const r = await read(t, getCouponList, { categoryId: cat.id, pageSize: 50 });
    expect(r.total).toBe(cat.couponCount);
    expect(r.coupons.every((c) => c.category.id === cat.id)).toBe(true);
    expect(await failure(t, getCouponList, { pageIndex: 0 })).toMatchObject({
      code: 400,
      message: 'pageIndex: must be a page number from 1',
    });
    expect(await failure(t, getCouponList, { pageSize: 51 })).toMatchObject({
      code: 400,
      message: 'pageSize: must be between 1 and 50',
    });
    expect(await failure(t, getCouponList, { categoryId: 'x' })).toMatchObject({
      code: 400,
      message: 'categoryId: must be a numeric id',
    });
    expect(await failure(t, getCouponList, { categoryId: 999 })).toMatchObject({
      code: 404,
      message: 'There is no coupon category with this id.',
    });
  });

  it('lists the traveller’s own coupons first for their userId and token, never for anyone else', async () => {
    const mine = await read(t, getCouponList, { userId }, { headers: bearer(token) });
    expect(mine.coupons[0]?.code).toBe('OWNER500');
    const publicList = await read(t, getCouponList, {});
    expect(mine.total).toBe(publicList.total + 1);
    expect(await failure(t, getCouponList, { userId })).toMatchObject({
      code: 401,
      message: 'Sign in to see your coupons.',
    });
    expect(await failure(t, getCouponList, { userId }, { headers: bearer('not-a-token') })).toMatchObject({
      code: 401,
      message: 'Token expired. please log in again',
    });
    expect(await failure(t, getCouponList, { userId }, { headers: bearer(otherToken) })).toMatchObject({ code: 403 });
  });

  it('answers each site in its own currency', async () => {
    for (const site of ['UAE', 'IN'] as const) {
      const res = await call(t, getCouponList, { pageSize: 50 }, { site });
      expectOneCurrency(res.body, res.json().data, site);
    }
  });
});

describe('Coupon/GetCategoryList', () => {
  it('lists categories with counts of the site’s active public coupons', async () => {
    for (const site of ['UAE', 'IN'] as const) {
      const cats = await read(t, getCouponCategoryList, {}, { site });
      expect(cats.length).toBeGreaterThan(0);
      for (const c of cats) {
        const list = await read(t, getCouponList, { categoryId: c.id, pageSize: 50 }, { site });
        expect(c.couponCount).toBe(list.total);
      }
    }
    // The per-site counts differ: some coupons exist on one site only.
    const uae = await read(t, getCouponCategoryList, {}, { site: 'UAE' });
    const india = await read(t, getCouponCategoryList, {}, { site: 'IN' });
    expect(uae.map((c) => c.couponCount)).not.toEqual(india.map((c) => c.couponCount));
  });
});

describe('Coupon/GetStatement', () => {
  it('answers the coupon statement as sanitised HTML', async () => {
    const s = await read(t, getCouponStatement);
    expect(s.title).toBeTruthy();
    expect(s.body).toMatch(/coupon/i);
    expectSanitised(s.body);
  });
});
