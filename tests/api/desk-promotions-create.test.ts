import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../contract/site.ts';
import { IMAGE_NOT_ALLOWED } from '../../server/services/catalogue/images-admin.ts';
import {
  book,
  call,
  count,
  createBookingKit,
  holdId,
  post,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * Deals and banners created from the desk with a picture uploaded, checked and resized as package
 * pictures are; coupons limited to packages or destinations (docs/decisions/0105), refused for a
 * cart without them on both sites and at the payment's recheck. Catalogue and owner may; agent and
 * accounts are refused with nothing changed; no session is 401.
 */

let kit: BookingKit;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;

const day = 86_400_000;

/** A photo-like PNG of the given size. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/** POSTs one file as multipart/form-data (field `file`) to a picture upload. */
async function upload(
  who: Staffer | null,
  kind: 'deal' | 'banner',
  file: { name: string; type: string; content: Buffer },
) {
  const boundary = `----promo${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/admin/${kind}s/pictures`,
    payload,
    headers: {
      ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json() as { status: string; message: string; data: { path: string } } };
}

const served = async (path: string, width: number) => {
  const res = await kit.app.inject({ method: 'GET', url: `${path}-${width}.webp` });
  expect(res.statusCode, `${path}-${width}.webp`).toBe(200);
  return sharp(res.rawPayload).metadata();
};

const shopDeals = async (site: Site = 'UAE') => {
  await kit.app.contentVersion.check();
  return (
    (await call(kit.app, 'POST', 'GetDeals', { pageSize: 48 }, { headers: { country: site } })).body.data as {
      deals: { id: number; image: string }[];
    }
  ).deals;
};
const shopBanners = async (type: string) => {
  await kit.app.contentVersion.check();
  return (await call(kit.app, 'GET', 'getBanner', { BannerType: type })).body.data as { id: number; image: string }[];
};

const deal = (image: string, over: Record<string, unknown> = {}) => ({
  title: 'Maldives in the monsoon, 20% off',
  description: 'Made at the desk for a test.',
  image,
  categoryId: 1,
  packageId: null,
  discountPercent: 20,
  startsAt: null,
  validTo: new Date(Date.now() + 30 * day).toISOString(),
  ...over,
});

beforeAll(async () => {
  kit = await createBookingKit();
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

describe('who may create deals and banners', () => {
  it('agent and accounts are refused (403) the uploads and the creates, no session is 401, and nothing changes', async () => {
    const picture = (
      await upload(catalogue, 'deal', { name: 'ok.png', type: 'image/png', content: await png(1200, 800) })
    ).body.data.path;
    const state = async () => ({
      deals: await count(kit, sql`select count(*)::int as n from deals`),
      banners: await count(kit, sql`select count(*)::int as n from banners`),
      audit: await count(kit, sql`select count(*)::int as n from audit_log`),
    });
    const before = await state();
    const photo = { name: 'beach.png', type: 'image/png', content: await png(1600, 900) };
    for (const who of [agent, accounts]) {
      for (const kind of ['deal', 'banner'] as const) {
        const res = await upload(who, kind, photo);
        expect(res.status, `${who.role} ${kind} picture`).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', message: 'Your role may not do this.' });
      }
      const d = await admin(kit, who, 'POST', 'deals', deal(picture));
      expect(d.status, `${who.role} deal`).toBe(403);
      const b = await admin(kit, who, 'POST', 'banners', {
        bannerType: 'home',
        site: null,
        title: 'No',
        subtitle: '',
        image: picture,
        link: '/deals',
        startsAt: null,
        endsAt: null,
      });
      expect(b.status, `${who.role} banner`).toBe(403);
      expect(b.body.status).toBe('error');
    }
    expect((await upload(null, 'deal', photo)).status).toBe(401);
    expect((await admin(kit, null, 'POST', 'deals', deal(picture))).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});

describe('deals and banners with a picture', () => {
  it('catalogue uploads a deal picture (resized to the shop’s 3:2 widths) and creates the deal: audited, on the shop’s deals at once, one deal for a repeated key', async () => {
    const up = await upload(catalogue, 'deal', {
      name: 'maldives.png',
      type: 'image/png',
      content: await png(2000, 1000),
    });
    expect(up.status, up.body.message).toBe(200);
    const path = up.body.data.path;
    expect(path).toMatch(/^\/images\/uploads\/[a-f0-9]{32}$/);
    for (const [width, height] of [
      [480, 320],
      [960, 640],
      [1440, 960],
    ] as const)
      expect(await served(path, width)).toMatchObject({ format: 'webp', width, height });
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'deal.picture' and after->>'image' = ${path}`,
      ),
    ).toBe(1);

    const before = (await shopDeals()).map((d) => d.id);
    const key = `deal-create-${Date.now()}`;
    const body = deal(path);
    const created = await admin(kit, catalogue, 'POST', 'deals', body, { 'idempotency-key': key });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.message).toBe('The deal “Maldives in the monsoon, 20% off” is created: the shop shows it now.');
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      image: path,
      live: true,
      discountPercent: 20,
      slug: 'maldives-in-the-monsoon-20-off',
    });
    expect(before).not.toContain(id);
    // First on the shop's deals (a new one comes first in the order).
    expect((await shopDeals())[0]).toMatchObject({ id, image: path });
    expect((await shopDeals('IN')).map((d) => d.id)).toContain(id);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'deal.create' and record_id = ${String(id)}`,
      ),
    ).toBe(1);

    const again = await admin(kit, catalogue, 'POST', 'deals', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(kit, sql`select count(*)::int as n from deals where image = ${path}`)).toBe(1);

    // The owner gives it another picture through the edit.
    const other = (
      await upload(owner, 'deal', { name: 'other.png', type: 'image/png', content: await png(1500, 1000) })
    ).body.data.path;
    const edited = await admin(kit, owner, 'POST', `deals/${id}`, { image: other });
    expect(edited.status, edited.body.message).toBe(200);
    expect((await shopDeals()).find((d) => d.id === id)).toMatchObject({ image: other });
  });

  it('a banner picture is 2:1 at the carousel’s widths; the banner created shows on its page at once', async () => {
    const up = await upload(owner, 'banner', {
      name: 'banner.jpg',
      type: 'image/jpeg',
      content: await sharp(await png(1800, 900))
        .jpeg()
        .toBuffer(),
    });
    expect(up.status, up.body.message).toBe(200);
    const path = up.body.data.path;
    for (const [width, height] of [
      [640, 320],
      [1280, 640],
    ] as const)
      expect(await served(path, width)).toMatchObject({ format: 'webp', width, height });
    const created = await admin(kit, catalogue, 'POST', 'banners', {
      bannerType: 'holidays',
      site: 'IN',
      title: 'Kerala backwaters',
      subtitle: 'Houseboats and spice gardens',
      image: path,
      link: '/holidays',
      startsAt: null,
      endsAt: null,
    });
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ live: true, bannerType: 'holidays', site: 'IN', image: path });
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'banner.create' and record_id = ${String(id)}`,
      ),
    ).toBe(1);
    await kit.app.contentVersion.check();
    const india = (await call(kit.app, 'GET', 'getBanner', { BannerType: 'holidays' }, { headers: { country: 'IN' } }))
      .body.data as { id: number }[];
    expect(india.map((b) => b.id)).toContain(id);
    // An India banner is not the UAE's.
    expect((await shopBanners('holidays')).map((b) => b.id)).not.toContain(id);
  });

  it('refuses a file that is not a photo, one too small, and a picture not uploaded for it, each with what to do; nothing is made', async () => {
    const before = await count(kit, sql`select count(*)::int as n from deals`);
    const text = await upload(catalogue, 'deal', {
      name: 'photo.png',
      type: 'image/png',
      content: Buffer.from('MZ this is not a picture at all'),
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ status: 'error', message: IMAGE_NOT_ALLOWED });
    const small = await upload(catalogue, 'deal', {
      name: 'small.png',
      type: 'image/png',
      content: await png(300, 200),
    });
    expect(small.status).toBe(400);
    expect(small.body.message).toBe(
      'The picture is 300 pixels wide: upload one at least 480 pixels wide (1440 or more looks best).',
    );
    const narrowBanner = await upload(catalogue, 'banner', {
      name: 'narrow.png',
      type: 'image/png',
      content: await png(600, 300),
    });
    expect(narrowBanner.status).toBe(400);
    expect(narrowBanner.body.message).toBe(
      'The picture is 600 pixels wide: upload one at least 640 pixels wide (1280 or more looks best).',
    );
    const none = await kit.app.inject({
      method: 'POST',
      url: '/api/admin/deals/pictures',
      payload: {},
      headers: { cookie: catalogue.cookie, 'x-csrf-token': catalogue.csrf },
    });
    expect(none.statusCode).toBe(415);
    expect(none.json().message).toMatch(/multipart\/form-data/);

    const madeUp = await admin(
      kit,
      catalogue,
      'POST',
      'deals',
      deal('/images/uploads/0123456789abcdef0123456789abcdef'),
    );
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(
      'The picture is not one uploaded for a deal: upload the picture first, then save the deal with it.',
    );
    // A banner's picture has no 3:2 sizes: not a deal's.
    const bannerPicture = (
      await upload(catalogue, 'banner', { name: 'b.png', type: 'image/png', content: await png(1300, 650) })
    ).body.data.path;
    expect((await admin(kit, catalogue, 'POST', 'deals', deal(bannerPicture))).status).toBe(400);
    const outside = await admin(kit, catalogue, 'POST', 'deals', deal('https://example.com/x.jpg'));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toMatch(/Upload the picture first/);
    const ended = await admin(
      kit,
      catalogue,
      'POST',
      'deals',
      deal(
        (await upload(catalogue, 'deal', { name: 'ok.png', type: 'image/png', content: await png(960, 640) })).body.data
          .path,
        { validTo: new Date(Date.now() - day).toISOString() },
      ),
    );
    expect(ended.status).toBe(400);
    expect(ended.body.message).toBe('The deal must end in the future: check Ends.');
    expect(await count(kit, sql`select count(*)::int as n from deals`)).toBe(before);
  });
});

interface Pkg extends Record<string, unknown> {
  id: number;
  title: string;
  city_id: number;
  uae: number;
  inr: number;
}

describe('coupons limited to packages or destinations', () => {
  let maldives: Pkg;
  let elsewhere: Pkg;
  let couponId: number;
  const REFUSAL = 'This coupon is for Maldives holidays only.';

  beforeAll(async () => {
    const { rows } = await kit.database.db.execute<Pkg & { slug: string }>(sql`
      select p.id, p.title, p.city_id, c.slug, u.amount as uae, i.amount as inr
      from packages p join cities c on c.id = p.city_id
      join package_prices u on u.package_id = p.id and u.site = 'UAE'
      join package_prices i on i.package_id = p.id and i.site = 'IN'
      where p.published and p.rooms_per_departure is distinct from 0 order by p.id`);
    maldives = rows.find((r) => r.slug === 'maldives')!;
    elsewhere = rows.find((r) => r.slug !== 'maldives')!;
    expect(maldives, 'a Maldives package sold on both sites').toBeDefined();
    const created = await admin(kit, catalogue, 'POST', 'coupons', {
      code: 'MALE10',
      title: '10% off Maldives holidays',
      description: 'For a test.',
      terms: [],
      categoryId: 1,
      pageName: 'coupons',
      site: null,
      discountType: 'percent',
      percent: 10,
      flatAed: null,
      flatInr: null,
      maxDiscountAed: null,
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
      cityIds: [maldives.city_id],
    });
    expect(created.status, created.body.message).toBe(200);
    couponId = created.body.data.id;
    expect(created.body.data).toMatchObject({ cityIds: [maldives.city_id], packageIds: [] });
  });

  it('staff choose destinations among the list; a city that is not one is refused', async () => {
    const list = (await admin(kit, catalogue, 'GET', 'coupons')).body.data;
    expect(list.destinations).toContainEqual({ id: maldives.city_id, name: expect.any(String) });
    expect(list.packages).toContainEqual({ id: elsewhere.id, title: elsewhere.title });
    const { rows } = await kit.database.db.execute<{ id: number }>(
      sql`select id from cities where not is_destination order by id limit 1`,
    );
    const bad = await admin(kit, catalogue, 'POST', `coupons/${couponId}`, { cityIds: [rows[0]!.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Choose destinations among the list: some of those chosen are not holiday destinations.',
    );
    expect((await admin(kit, agent, 'POST', `coupons/${couponId}`, { cityIds: [] })).status).toBe(403);
    expect((await admin(kit, catalogue, 'GET', `coupons/${couponId}`)).body.data.cityIds).toEqual([maldives.city_id]);
  });

  for (const site of ['UAE', 'IN'] as const) {
    it(`${site}: refused for a cart without a Maldives holiday, taken off only the Maldives line of a mixed cart`, async () => {
      const { token, userId } = await traveller(kit, `limit-${site.toLowerCase()}`);
      const price = (p: Pkg) => (site === 'UAE' ? p.uae : p.inr);
      const other = await holdId(kit, token, site, [{ packageId: elsewhere.id }]);
      const refused = await post(kit, 'GetBookingQuote', { TempBookingId: other, CouponCode: 'MALE10' }, token, site);
      expect(refused.body.data).toMatchObject({ discount: 0, coupon: null, couponError: REFUSAL });
      const offered = await call(
        kit.app,
        'GET',
        'GetApplicableCoupons',
        { cartTotal: 1, userId, TempBookingId: other },
        { token, headers: { country: site } },
      );
      expect(
        offered.body.data.coupons.find((c: { coupon: { code: string } }) => c.coupon.code === 'MALE10'),
      ).toMatchObject({ applicable: false, reason: REFUSAL });
      const booked = await book(kit, token, site, { TempBookingId: other, CouponCode: 'MALE10' });
      expect(booked.status).toBe(409);
      expect(booked.body.message).toBe(`Coupon MALE10: ${REFUSAL} Remove it or choose another.`);

      const mixed = await holdId(kit, token, site, [{ packageId: maldives.id }, { packageId: elsewhere.id }]);
      const quote = await post(kit, 'GetBookingQuote', { TempBookingId: mixed, CouponCode: 'MALE10' }, token, site);
      expect(quote.body.data.couponError).toBeNull();
      // 10% of the Maldives line (two adults) only, rounded down to the whole unit, in the smallest unit.
      expect(quote.body.data.discount).toBe(Math.floor((price(maldives) * 2 * 10) / 100 / 100) * 100);
    });
  }

  it('a package limit names the holiday; the payment’s recheck refuses a booking whose coupon is no longer for its holiday', async () => {
    const { token } = await traveller(kit, 'limit-recheck');
    const h = await holdId(kit, token, 'UAE', [{ packageId: maldives.id }]);
    const booked = await book(kit, token, 'UAE', { TempBookingId: h, CouponCode: 'MALE10', PaymentMethod: 'stripe' });
    expect(booked.status, booked.body.message).toBe(200);
    const id = booked.body.data.BookingId as number;
    expect((await post(kit, 'StartBookingPayment', { BookingId: id }, token)).status).toBe(200);

    const limited = await admin(kit, owner, 'POST', `coupons/${couponId}`, { cityIds: [], packageIds: [elsewhere.id] });
    expect(limited.status, limited.body.message).toBe(200);
    const again = await post(kit, 'StartBookingPayment', { BookingId: id }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(
        `^Coupon MALE10 no longer applies to this booking: This coupon is for “${elsewhere.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}” only\\.`,
      ),
    );
  });
});
