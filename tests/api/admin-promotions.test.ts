import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  call,
  count,
  createBookingKit,
  findPackage,
  holdId,
  post,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { CONTENT_CHECK_MS } from '../../server/app.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Promotions in the back office (issue 21): coupons (rules, disable, usage), deals and banners
 * (edit, order, schedule), each as catalogue and owner, refused to agent and accounts.
 */

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let pkg: { id: number; title: string };

const day = 86_400_000;
const version = async () =>
  Number(
    (await kit.database.db.execute<{ version: number }>(sql`select version from content_version where id = 1`)).rows[0]!
      .version,
  );
const audits = (action: string, recordId?: string) =>
  count(
    kit,
    recordId === undefined
      ? sql`select count(*)::int as n from audit_log where action = ${action}`
      : sql`select count(*)::int as n from audit_log where action = ${action} and record_id = ${recordId}`,
  );
const banners = async (type = 'home') => {
  await kit.app.contentVersion.check();
  return (await call(kit.app, 'GET', 'getBanner', { BannerType: type })).body.data as { id: number; title: string }[];
};
const shopDeals = async () => {
  await kit.app.contentVersion.check();
  return (
    (await call(kit.app, 'POST', 'GetDeals', { pageSize: 48 })).body.data as { deals: { id: number }[] }
  ).deals.map((d) => d.id);
};

const rules = (over: Record<string, unknown> = {}) => ({
  code: 'STAFF15',
  title: '15% off, from the back office',
  description: 'Made by catalogue staff for a test.',
  terms: ['One coupon a booking.'],
  categoryId: 1,
  pageName: 'coupons',
  site: 'UAE',
  discountType: 'percent',
  percent: 15,
  flatAed: null,
  flatInr: null,
  maxDiscountAed: 500,
  maxDiscountInr: null,
  minCartAed: 0,
  minCartInr: 0,
  validFrom: new Date(Date.now() - day).toISOString(),
  validTo: new Date(Date.now() + 90 * day).toISOString(),
  oncePerTraveller: false,
  firstBookingOnly: false,
  tripTypeId: null,
  travelWithinDays: null,
  paymentMethod: null,
  paymentBank: null,
  ...over,
});

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  pkg = await findPackage(kit, { inIndia: false });
  [owner, agent, accounts, catalogue] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
    await staffer(kit, 'catalogue'),
  ];
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

describe('who may change promotions', () => {
  it('agent and accounts are refused (403) every call, and nothing changes', async () => {
    const [coupon] = (
      await kit.database.db.execute<{ id: number; title: string }>(
        sql`select id, title from coupons order by id limit 1`,
      )
    ).rows;
    const [deal] = (await kit.database.db.execute<{ id: number }>(sql`select id from deals order by id limit 1`)).rows;
    const [banner] = (await kit.database.db.execute<{ id: number }>(sql`select id from banners order by id limit 1`))
      .rows;
    const before = {
      coupons: await count(kit, sql`select count(*)::int as n from coupons`),
      audit: await count(kit, sql`select count(*)::int as n from audit_log`),
      version: await version(),
    };
    const calls: [method: 'GET' | 'POST', path: string, body?: object][] = [
      ['GET', 'coupons'],
      ['GET', `coupons/${coupon!.id}`],
      ['POST', 'coupons', rules({ code: 'NOPE403' })],
      ['POST', `coupons/${coupon!.id}`, { title: 'Changed by the wrong role' }],
      ['POST', `coupons/${coupon!.id}/disable`],
      ['GET', 'deals'],
      ['POST', `deals/${deal!.id}`, { title: 'Changed by the wrong role' }],
      ['POST', 'deals/order', { ids: [deal!.id] }],
      ['GET', 'banners'],
      ['POST', `banners/${banner!.id}`, { title: 'Changed by the wrong role' }],
      ['POST', 'banners/order', { ids: [banner!.id] }],
    ];
    for (const who of [agent, accounts]) {
      for (const [method, path, body] of calls) {
        const res = await admin(kit, who, method, path, body);
        expect(res.status, `${who.role} ${method} ${path}`).toBe(403);
        expect(res.body.status).toBe('error');
      }
    }
    expect((await admin(kit, null, 'GET', 'coupons')).status).toBe(401);
    expect(await count(kit, sql`select count(*)::int as n from coupons`)).toBe(before.coupons);
    expect(await count(kit, sql`select count(*)::int as n from audit_log`)).toBe(before.audit);
    expect(await version()).toBe(before.version);
    const [after] = (
      await kit.database.db.execute<{ title: string; disabled_at: Date | null }>(
        sql`select title, disabled_at from coupons where id = ${coupon!.id}`,
      )
    ).rows;
    expect(after).toEqual({ title: coupon!.title, disabled_at: null });
  });
});

describe('coupons', () => {
  let id: number;

  it('catalogue creates a coupon and owner edits its rules, audited; the shop offers it at once', async () => {
    const v = await version();
    const created = await admin(kit, catalogue, 'POST', 'coupons', rules());
    expect(created.status, created.body.message).toBe(200);
    id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      code: 'STAFF15',
      slug: 'staff15',
      percent: 15,
      live: true,
      disabledAt: null,
      usage: [],
    });
    expect(await audits('coupon.create', String(id))).toBe(1);
    expect(await version()).toBeGreaterThan(v);

    const edited = await admin(kit, owner, 'POST', `coupons/${id}`, {
      percent: 12,
      oncePerTraveller: true,
      minCartAed: 100,
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({
      percent: 12,
      oncePerTraveller: true,
      minCartAed: 100,
      title: '15% off, from the back office',
    });
    expect(await audits('coupon.update', String(id))).toBe(1);
    const list = await admin(kit, catalogue, 'GET', 'coupons');
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ id, percent: 12 }));
    expect(list.body.data.categories.length).toBeGreaterThan(0);
    expect(list.body.data.tripTypes.length).toBeGreaterThan(0);
  });

  it('refuses rules that do not make sense, and a code already used', async () => {
    const noPercent = await admin(kit, catalogue, 'POST', 'coupons', rules({ code: 'NOPCT', percent: null }));
    expect(noPercent.status).toBe(400);
    expect(noPercent.body.message).toBe('A percent coupon needs a percent from 1 to 100.');
    const flat = await admin(
      kit,
      catalogue,
      'POST',
      'coupons',
      rules({ code: 'FLATIN', site: 'IN', discountType: 'flat', percent: null, flatAed: 50 }),
    );
    expect(flat.status).toBe(400);
    expect(flat.body.message).toBe('A flat coupon needs its amount in rupees.');
    const backwards = await admin(kit, catalogue, 'POST', `coupons/${id}`, {
      validTo: new Date(Date.now() - 2 * day).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/must end after it starts/);
    const taken = await admin(kit, catalogue, 'POST', 'coupons', rules({ code: 'welcome10' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The code welcome10 is already used by another coupon: choose another.');
    expect(await count(kit, sql`select count(*)::int as n from coupons where code in ('NOPCT', 'FLATIN')`)).toBe(0);
  });

  it('a disabled coupon is refused at apply and at booking; enabled again it applies, and its usage counts', async () => {
    const asha = await traveller(kit, 'hana');
    const hold = await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id, adults: 2 }]);
    const applies = await post(kit, 'GetBookingQuote', { TempBookingId: hold, CouponCode: 'STAFF15' }, asha.token);
    expect(applies.body.data.coupon).toMatchObject({ code: 'STAFF15' });
    expect(applies.body.data.discount).toBeGreaterThan(0);

    const disabled = await admin(kit, catalogue, 'POST', `coupons/${id}/disable`);
    expect(disabled.status, disabled.body.message).toBe(200);
    expect(disabled.body.data).toMatchObject({ live: false });
    expect(disabled.body.data.disabledAt).not.toBeNull();
    expect(await audits('coupon.disable', String(id))).toBe(1);

    const quote = await post(kit, 'GetBookingQuote', { TempBookingId: hold, CouponCode: 'STAFF15' }, asha.token);
    expect(quote.body.data).toMatchObject({
      coupon: null,
      discount: 0,
      couponError: 'This coupon code is not valid on this site now.',
    });
    const offered = await call(kit.app, 'GET', 'GetApplicableCoupons', { cartTotal: 100000 }, { token: asha.token });
    expect(offered.body.data.coupons.map((c: { coupon: { code: string } }) => c.coupon.code)).not.toContain('STAFF15');
    const refused = await book(kit, asha.token, 'UAE', { TempBookingId: hold, CouponCode: 'STAFF15' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Coupon STAFF15: This coupon code is not valid on this site now. Remove it or choose another.',
    );

    expect((await admin(kit, owner, 'POST', `coupons/${id}/enable`)).body.data).toMatchObject({
      live: true,
      disabledAt: null,
    });
    const booked = await book(kit, asha.token, 'UAE', { TempBookingId: hold, CouponCode: 'STAFF15' });
    expect(booked.status, booked.body.message).toBe(200);
    const usage = (await admin(kit, catalogue, 'GET', `coupons/${id}`)).body.data.usage;
    expect(usage).toEqual([
      { site: 'UAE', currency: 'AED', bookings: 1, discount: applies.body.data.discount, cancelled: 0 },
    ]);
  });
});

describe('deals and banners', () => {
  it('a banner scheduled to start later is hidden until then, an ended one is hidden, and the order is staff’s', async () => {
    const before = await banners();
    expect(before.length).toBeGreaterThan(1);
    const first = before[0]!;
    const v = await version();
    const later = await admin(kit, catalogue, 'POST', `banners/${first.id}`, {
      startsAt: new Date(Date.now() + 2 * day).toISOString(),
    });
    expect(later.status, later.body.message).toBe(200);
    expect(later.body.data).toMatchObject({ live: false });
    expect(await version()).toBeGreaterThan(v);
    expect(await audits('banner.update', String(first.id))).toBe(1);
    expect((await banners()).map((b) => b.id)).not.toContain(first.id);

    expect(
      (
        await admin(kit, owner, 'POST', `banners/${first.id}`, {
          startsAt: null,
          endsAt: new Date(Date.now() - day).toISOString(),
        })
      ).body.data,
    ).toMatchObject({ live: false });
    expect((await banners()).map((b) => b.id)).not.toContain(first.id);
    expect((await admin(kit, owner, 'POST', `banners/${first.id}`, { endsAt: null })).body.data).toMatchObject({
      live: true,
    });
    expect((await banners()).map((b) => b.id)).toContain(first.id);

    const reversed = before.map((b) => b.id).reverse();
    const ordered = await admin(kit, catalogue, 'POST', 'banners/order', { ids: reversed });
    expect(ordered.status, ordered.body.message).toBe(200);
    expect(await audits('banner.order')).toBe(1);
    expect((await banners()).map((b) => b.id)).toEqual(reversed);

    const bad = await admin(kit, catalogue, 'POST', `banners/${first.id}`, {
      startsAt: '2026-12-10T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
    });
    expect(bad.status).toBe(400);
    const badLink = await admin(kit, catalogue, 'POST', `banners/${first.id}`, { link: 'javascript:alert(1)' });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toMatch(/path on the shop/);
  });

  it('a deal scheduled to start later is off the deals pages until then; edits and order are audited', async () => {
    const live = await shopDeals();
    expect(live.length).toBeGreaterThan(1);
    const [a, b] = live as [number, number];
    const res = await admin(kit, catalogue, 'POST', `deals/${a}`, {
      startsAt: new Date(Date.now() + day).toISOString(),
      discountPercent: 20,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ live: false, discountPercent: 20 });
    expect(await shopDeals()).not.toContain(a);
    expect(await audits('deal.update', String(a))).toBe(1);
    expect((await admin(kit, owner, 'POST', `deals/${a}`, { startsAt: null })).body.data.live).toBe(true);
    expect(await shopDeals()).toContain(a);

    // The screen sends the whole list in its new order: b, then a, then the rest as they were.
    const all = ((await admin(kit, catalogue, 'GET', 'deals')).body.data.items as { id: number }[]).map((d) => d.id);
    const ordered = await admin(kit, owner, 'POST', 'deals/order', {
      ids: [b, a, ...all.filter((x) => x !== a && x !== b)],
    });
    expect(ordered.status, ordered.body.message).toBe(200);
    const now = await shopDeals();
    expect(now.indexOf(b)).toBeLessThan(now.indexOf(a));
    expect(now.slice(0, 2)).toEqual([b, a]);
    expect(await audits('deal.order')).toBe(1);
    const list = await admin(kit, catalogue, 'GET', 'deals');
    expect(list.body.data.items.slice(0, 2).map((d: { id: number }) => d.id)).toEqual([b, a]);
  });

  it('a staff change is on the shop at once from the process that made it, not at its next look at the content version', async () => {
    // The look every CONTENT_CHECK_MS stopped: only the change itself can tell this process's caches.
    kit.app.contentVersion.stop();
    try {
      const read = async () =>
        (
          (await call(kit.app, 'POST', 'GetDeals', { pageSize: 48 })).body.data as { deals: { id: number }[] }
        ).deals.map((d) => d.id);
      const [first] = (await read()) as [number];
      const later = { startsAt: new Date(Date.now() + day).toISOString() };
      expect((await admin(kit, catalogue, 'POST', `deals/${first}`, later)).status).toBe(200);
      expect(await read()).not.toContain(first);
      expect((await admin(kit, catalogue, 'POST', `deals/${first}`, { startsAt: null })).status).toBe(200);
      expect(await read()).toContain(first);
    } finally {
      kit.app.contentVersion.start(CONTENT_CHECK_MS);
    }
  });
});
