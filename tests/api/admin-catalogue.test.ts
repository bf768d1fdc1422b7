import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPackage, AdminPackageItem } from '../../contract/catalogue-admin.ts';
import { formatMoney } from '../../contract/format.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';
import { developmentWeb } from '../../server/web.ts';
import { book, call, createBookingKit, holdId, lead, traveller, type BookingKit } from '../support/booking-kit.ts';
import { staffer, type AdminAnswer, type Staffer } from '../support/staff-kit.ts';
import { type DeskData } from '../support/answers.ts';

let kit: BookingKit;
let owner: Staffer;
let cat: Staffer;
let agent: Staffer;
let accounts: Staffer;
let goa: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** An admin call as `who`, with the cookie and (on a change) the CSRF token. */
async function adminCall<const M extends Method, const Path extends string>(
  app: FastifyInstance,
  who: Staffer | null,
  method: M,
  path: Path,
  body?: object,
) {
  const res = await app.inject({
    method,
    url: `/api/admin/${path}`,
    ...(method === 'GET' ? { query: body as Record<string, string> | undefined } : body ? { payload: body } : {}),
    remoteAddress: '10.66.1.1',
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(who && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<M, Path>> };
}
const api = <const M extends Method, const Path extends string>(
  who: Staffer | null,
  method: M,
  path: Path,
  body?: object,
) => adminCall(kit.app, who, method, path, body);

/** A multipart body with text fields and one file. */
function form(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = `----catalogue${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(
  who: Staffer,
  id: number,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
) {
  const { payload, contentType } = form(fields, file);
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/admin/packages/${id}/images`,
    payload,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': contentType },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<'POST', `packages/${number}/images`>> };
}

const detail = (slug: string, site: 'UAE' | 'IN' = 'UAE') =>
  call(kit.app, 'GET', 'Holiday/GetPackageDetail', { Slug: slug }, { headers: { country: site } });
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await kit.database.db.execute<T>(query)).rows[0]!;
const auditRows = async (id: number, action: string) =>
  (
    await kit.database.db.execute<{ role: string; before: unknown; after: unknown }>(
      sql`select role, before, after from audit_log where record_type = 'package' and record_id = ${String(id)} and action = ${action} order by id`,
    )
  ).rows;

/**
 * Asks again until `check` passes or 3 seconds are over (the shop's caches follow the content version, read every
 * second).
 */
async function eventually(check: () => Promise<void>) {
  const until = Date.now() + 3000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

let slugs = 0;
/** A complete new package in Goa, 3 nights. */
const newPackage = (over: Record<string, unknown> = {}) => ({
  title: 'Goa Monsoon Retreat',
  slug: `goa-monsoon-retreat-${++slugs}-${Date.now()}`,
  cityId: goa,
  tripTypeId: 1,
  interestIds: [1],
  nights: 3,
  summary: 'Three slow nights by the sea in the green season.',
  highlights: ['Rain-washed beaches', 'Spice farm lunch', 'Old Goa churches'],
  itinerary: [1, 2, 3, 4].map((day) => ({ day, title: `Day ${day}`, description: `What happens on day ${day}.` })),
  inclusions: ['Breakfast daily', 'Airport transfers'],
  exclusions: ['Flights'],
  stays: [
    {
      place: 'Candolim',
      nights: 3,
      kind: 'hotel',
      supplier: {
        name: 'Candolim Sands',
        address: ['Candolim Beach Road', 'Goa 403515'],
        phone: '+91 832 248 0000',
        email: 'stays@partners.wanderlust-holidays.com',
        checkIn: '14:00',
        checkOut: '11:00',
        notes: [],
      },
    },
  ],
  prices: { UAE: 189_900, IN: 4_200_000 },
  ...over,
});

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  [owner, cat, agent, accounts] = [
    await staffer(kit, 'owner'),
    await staffer(kit, 'catalogue'),
    await staffer(kit, 'agent'),
    await staffer(kit, 'accounts'),
  ];
  goa = (await one<{ id: number }>(sql`select id from cities where slug = 'goa'`)).id;
}, 180_000);

afterAll(async () => {
  await kit?.close();
});

describe('who may edit the catalogue', () => {
  it('catalogue staff and the owner list every package with its prices in the smallest unit; agent and accounts are refused, no session is 401', async () => {
    for (const who of [cat, owner]) {
      const res = await api(who, 'GET', 'packages');
      expect(res.status, res.body.message).toBe(200);
      const items = res.body.data.items as AdminPackageItem[];
      expect(items.length).toBeGreaterThanOrEqual(64);
      const stored = await one<{ amount: number }>(
        sql`select amount from package_prices where package_id = ${items[0]!.id} and site = 'UAE'`,
      );
      expect(items[0]!.prices.UAE?.amount).toBe(stored.amount);
    }
    const found = await api(cat, 'GET', 'packages', { q: 'goa' });
    expect((found.body.data.items as AdminPackageItem[]).every((i) => /goa/i.test(i.title) || /goa/.test(i.slug))).toBe(
      true,
    );
    for (const who of [agent, accounts]) {
      const res = await api(who, 'GET', 'packages');
      expect(res.status).toBe(403);
      expect(res.body.status).toBe('error');
    }
    expect((await api(null, 'GET', 'packages')).status).toBe(401);
  });

  it('agent and accounts can create, edit, publish, unpublish, delete nothing: 403 and nothing changed', async () => {
    const target = await one<{ id: number; slug: string; title: string; amount: number }>(
      sql`select p.id, p.slug, p.title, pp.amount from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE' order by p.id limit 1`,
    );
    const before = await one<{ n: number }>(sql`select count(*)::int as n from packages`);
    for (const who of [agent, accounts]) {
      expect((await api(who, 'POST', 'packages', newPackage())).status).toBe(403);
      expect(
        (await api(who, 'PATCH', `packages/${target.id}`, { title: 'Hijacked', prices: { UAE: 100 } })).status,
      ).toBe(403);
      expect((await api(who, 'POST', `packages/${target.id}/unpublish`)).status).toBe(403);
      expect((await api(who, 'DELETE', `packages/${target.id}`)).status).toBe(403);
      expect(
        (await upload(who, target.id, { alt: 'x' }, { name: 'a.png', type: 'image/png', content: await png(600, 400) }))
          .status,
      ).toBe(403);
    }
    const after = await one<{ id: number; slug: string; title: string; amount: number; published: boolean }>(
      sql`select p.id, p.slug, p.title, pp.amount, p.published from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE' where p.id = ${target.id}`,
    );
    expect(after).toEqual({ ...target, published: true });
    expect((await one<{ n: number }>(sql`select count(*)::int as n from packages`)).n).toBe(before.n);
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from audit_log where record_type = 'package' and role in ('agent', 'accounts')`,
        )
      ).n,
    ).toBe(0);
  });

  it('a change without the CSRF token is refused', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      payload: newPackage(),
      headers: { cookie: cat.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('create, publish, unpublish', () => {
  it('a new package is unpublished and invisible until published; publishing and unpublishing are audited, by catalogue staff and the owner', async () => {
    const body = newPackage();
    const created = await api(cat, 'POST', 'packages', body);
    expect(created.status, created.body.message).toBe(200);
    const pkg = created.body.data as AdminPackage;
    expect(pkg).toMatchObject({
      published: false,
      slug: body.slug,
      nights: 3,
      days: 4,
      prices: { UAE: { amount: 189_900, currency: 'AED' }, IN: { amount: 4_200_000, currency: 'INR' } },
    });
    expect(await one(sql`select amount from package_prices where package_id = ${pkg.id} and site = 'UAE'`)).toEqual({
      amount: 189_900,
    });
    expect(await one(sql`select amount from package_prices where package_id = ${pkg.id} and site = 'IN'`)).toEqual({
      amount: 4_200_000,
    });
    expect((await auditRows(pkg.id, 'package.create'))[0]).toMatchObject({
      role: 'catalogue',
      before: null,
      after: { slug: body.slug },
    });
    expect((await detail(body.slug)).status).toBe(404);

    const published = await api(owner, 'POST', `packages/${pkg.id}/publish`);
    expect(published.status, published.body.message).toBe(200);
    const shown = await detail(body.slug);
    expect(shown.status).toBe(200);
    expect(shown.body.data.price).toEqual({ amount: 189_900, currency: 'AED' });
    expect((await detail(body.slug, 'IN')).body.data.price).toEqual({ amount: 4_200_000, currency: 'INR' });
    expect(await auditRows(pkg.id, 'package.publish')).toEqual([
      { role: 'owner', before: { published: false }, after: { published: true } },
    ]);

    expect((await api(cat, 'POST', `packages/${pkg.id}/unpublish`)).status).toBe(200);
    await eventually(async () => expect((await detail(body.slug)).status).toBe(404));
    expect(await auditRows(pkg.id, 'package.unpublish')).toEqual([
      { role: 'catalogue', before: { published: true }, after: { published: false } },
    ]);
  });

  it('a package without a price, itinerary or stays cannot be published, saying what is missing', async () => {
    const bare = await api(cat, 'POST', 'packages', newPackage({ prices: {}, itinerary: [], stays: [] }));
    expect(bare.status, bare.body.message).toBe(200);
    const res = await api(cat, 'POST', `packages/${bare.body.data.id}/publish`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Give the package a price on at least one site before it is published.');
    expect(
      (await one<{ published: boolean }>(sql`select published from packages where id = ${bare.body.data.id}`))
        .published,
    ).toBe(false);
  });
});

describe('edit', () => {
  it('PATCH takes prices in fils and paise, stores them so, and audits before and after', async () => {
    const { id } = await one<{ id: number }>(sql`select id from packages where published order by id limit 1 offset 3`);
    const res = await api(cat, 'PATCH', `packages/${id}`, {
      prices: { UAE: 321_000, IN: 6_543_200 },
      title: 'A New Title',
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.prices.UAE!.amount).toBe(321_000);
    expect(await one(sql`select amount from package_prices where package_id = ${id} and site = 'UAE'`)).toEqual({
      amount: 321_000,
    });
    expect(await one(sql`select amount from package_prices where package_id = ${id} and site = 'IN'`)).toEqual({
      amount: 6_543_200,
    });
    const [audit] = await auditRows(id, 'package.update');
    expect(audit).toMatchObject({
      role: 'catalogue',
      after: { title: 'A New Title', prices: { UAE: { amount: 321_000 } } },
    });
    expect((audit!.before as { title: string }).title).not.toBe('A New Title');
  });

  it('keeps a price that is not whole dirhams or rupees as sent (decision 0116); refuses one not above zero, changing nothing', async () => {
    const { id, amount, compare } = await one<{ id: number; amount: number; compare: number | null }>(
      sql`select p.id, pp.amount, pp.compare_at as compare from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE' order by p.id limit 1 offset 5`,
    );
    const res = await api(cat, 'PATCH', `packages/${id}`, { prices: { UAE: 123_456 } });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.prices.UAE!.amount).toBe(123_456);
    expect(await one(sql`select amount from package_prices where package_id = ${id} and site = 'UAE'`)).toEqual({
      amount: 123_456,
    });
    expect((await api(cat, 'PATCH', `packages/${id}`, { prices: { UAE: -100 } })).body.message).toBe(
      'prices.UAE: above zero.',
    );
    expect(await one(sql`select amount from package_prices where package_id = ${id} and site = 'UAE'`)).toEqual({
      amount: 123_456,
    });
    // The price it had, for the other tests.
    const back = await api(cat, 'PATCH', `packages/${id}`, { prices: { UAE: amount }, compareAt: { UAE: compare } });
    expect(back.status, back.body.message).toBe(200);
  });

  it('refuses bad input with a message a person can act on', async () => {
    const { id, nights } = await one<{ id: number; nights: number }>(
      sql`select id, nights from packages where published order by id limit 1 offset 6`,
    );
    const cases: [object, RegExp | string][] = [
      [
        { nights: nights + 1 },
        `itinerary: a ${nights + 1}-night package has days 1 to ${nights + 2}, each once (the itinerary has days ${Array.from({ length: nights + 1 }, (_, i) => i + 1).join(', ')}).`,
      ],
      [
        { stays: [{ ...newPackage().stays[0]!, nights: 1 }] },
        /^stays: the stays' nights add up to 1, but the package has \d+ nights/,
      ],
      [
        {
          cancellationPolicy: [
            { daysBefore: 30, keepPercent: 50 },
            { daysBefore: 7, keepPercent: 20 },
          ],
        },
        'cancellationPolicy: Cancelling 7 days before travel keeps less (20%) than 30 days before (50%): nearer to travel must keep as much or more.',
      ],
      [{ cancellationPolicy: [] }, 'cancellationPolicy: Give the cancellation policy at least one step.'],
      [{ maxAdultsPerRoom: 5, maxPeoplePerRoom: 4 }, /^A room takes at most 4 people, so it cannot take 5 adults/],
      [{ cityId: 999_999 }, 'cityId: there is no city 999999.'],
      [{ slug: 'Not A Slug' }, 'slug: use lower-case letters, digits and single hyphens (e.g. goa-beach-escape).'],
      [{ vatTreatment: 'reduced' }, 'vatTreatment: standard, zero or outside.'],
      [{ title: '' }, 'title: write it, it cannot be empty.'],
      [
        { heroImage: '/images/uploads/not-mine' },
        'The picture /images/uploads/not-mine has no alt text: describe it for people who cannot see it.',
      ],
      [{ unknownField: 1 }, /unknownField/],
    ];
    const before = await one(sql`select * from packages where id = ${id}`);
    for (const [body, message] of cases) {
      const res = await api(cat, 'PATCH', `packages/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const other = await one<{ slug: string }>(sql`select slug from packages where id <> ${id} order by id limit 1`);
    const taken = await api(cat, 'PATCH', `packages/${id}`, { slug: other.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/belongs to package \d+: choose another/);
    expect(await one(sql`select * from packages where id = ${id}`)).toEqual(before);
    expect((await api(cat, 'PATCH', 'packages/999999', { title: 'Nobody' })).status).toBe(404);
  });

  it('changes nights, itinerary and stays together, and the vouchers’ stays with their VAT treatment', async () => {
    const { id } = await one<{ id: number }>(sql`select id from packages where published order by id limit 1 offset 7`);
    const base = newPackage();
    const res = await api(cat, 'PATCH', `packages/${id}`, {
      nights: 4,
      itinerary: [1, 2, 3, 4, 5].map((day) => ({ day, title: `Day ${day}`, description: 'Plan.' })),
      stays: [
        { ...base.stays[0]!, nights: 2 },
        { ...base.stays[0]!, place: 'Palolem', nights: 2, kind: 'resort' },
      ],
      vatTreatment: 'zero',
      maxAdultsPerRoom: 2,
      maxPeoplePerRoom: 3,
      childAgeLimit: 11,
      cancellationPolicy: [
        { daysBefore: 20, keepPercent: 0 },
        { daysBefore: 3, keepPercent: 100 },
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(
      await one(
        sql`select nights, days, vat_treatment, max_adults_per_room, child_age_limit, jsonb_array_length(stays) as stays from packages where id = ${id}`,
      ),
    ).toEqual({ nights: 4, days: 5, vat_treatment: 'zero', max_adults_per_room: 2, child_age_limit: 11, stays: 2 });
  });
});

describe('unpublished packages are not on the shop', () => {
  it('not in listings, search, featured, filters, sitemap or suggestions; no page; no cart line; a held cart is refused', async () => {
    const p = await one<{ id: number; slug: string; title: string; city_id: number; trip_type_id: number }>(
      sql`select id, slug, title, city_id, trip_type_id from packages where published and featured order by id limit 1`,
    );
    const who = await traveller(kit, 'unpub');
    // A cart line made while it was on sale.
    const added = await call(
      kit.app,
      'POST',
      'CreateCart',
      { packageId: p.id, travelDate: '2027-03-10', adults: 2, children: 0, infants: 0, rooms: 1 },
      { token: who.token },
    );
    expect(added.status, added.body.message).toBe(200);
    // Another traveller held it while it was on sale, and books after it was taken off.
    const holder = await traveller(kit, 'holder');
    const heldId = await holdId(kit, holder.token, 'UAE', [{ packageId: p.id }]);
    const filtersBefore = (await call(kit.app, 'GET', 'Holiday/GetFilters')).body.data.cities.find(
      (c) => c.id === p.city_id,
    )!.packageCount;

    expect((await api(cat, 'POST', `packages/${p.id}/unpublish`)).status).toBe(200);
    // The shared answers follow the content version (checked every second).
    await eventually(async () => expect((await detail(p.slug)).status).toBe(404));
    expect((await detail(p.slug, 'IN')).status).toBe(404);
    const ids = (r: { body: { data: { packages: { id: number }[] } } }) => r.body.data.packages.map((x) => x.id);
    expect(
      ids(await call(kit.app, 'POST', 'Holiday/GetPackagesByTypeCityAndInterest', { cityId: p.city_id, pageSize: 48 })),
    ).not.toContain(p.id);
    expect(ids(await call(kit.app, 'GET', 'Holiday/GetFeaturedPackages', { limit: 24 }))).not.toContain(p.id);
    expect(ids(await call(kit.app, 'GET', 'Holiday/SearchHolidays', { q: p.title }))).not.toContain(p.id);
    // Asked before the change, so kept until the content version moves (within a second).
    await eventually(async () =>
      expect(
        (await call(kit.app, 'GET', 'Holiday/GetFilters')).body.data.cities.find((c) => c.id === p.city_id)!
          .packageCount,
      ).toBe(filtersBefore - 1),
    );
    const sitemap = await kit.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(`/holidays/${p.slug}<`);
    const other = await one<{ slug: string }>(sql`select slug from packages where published order by id limit 1`);
    expect(sitemap.body).toContain(`/holidays/${other.slug}<`);
    const refused = await call(
      kit.app,
      'POST',
      'CreateCart',
      { packageId: p.id, travelDate: '2027-03-11', adults: 2, children: 0, infants: 0, rooms: 1 },
      { token: who.token },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This holiday is not on sale on this site.');
    const hold = await call(kit.app, 'POST', 'CreateTempBooking', {}, { token: who.token });
    expect(hold.status).toBe(409);
    expect(hold.body.message).toBe(
      `${p.title} is no longer on sale on this site. Remove it from your cart and continue to booking again.`,
    );
    const late = await book(kit, holder.token, 'UAE', {
      TempBookingId: heldId,
      PaymentMethod: 'pay-later',
      LeadTraveller: lead({ Email: holder.email }),
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('is no longer on sale on this site');
    expect(await one(sql`select count(*)::int as n from booking_lines where package_id = ${p.id}`)).toEqual({ n: 0 });

    // Published again: back on the shop.
    expect((await api(owner, 'POST', `packages/${p.id}/publish`)).status).toBe(200);
    await eventually(async () => expect((await detail(p.slug)).status).toBe(200));
  });
});

describe('slugs', () => {
  it('a changed slug keeps the old one: 301 on the shop (both sites), resolving in the API; the old slug is not free for another package', async () => {
    const body = newPackage();
    const id = (await api(cat, 'POST', 'packages', body)).body.data.id as number;
    expect((await api(cat, 'POST', `packages/${id}/publish`)).status).toBe(200);
    const renamed = `${body.slug}-renamed`;
    const res = await api(cat, 'PATCH', `packages/${id}`, { slug: renamed });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.formerSlugs).toEqual([body.slug]);

    await eventually(async () => {
      const page = await kit.app.inject({ method: 'GET', url: `/holidays/${body.slug}` });
      expect(page.statusCode).toBe(301);
      expect(page.headers.location).toBe(`/holidays/${renamed}`);
    });
    const india = await kit.app.inject({ method: 'GET', url: `/in/holidays/${body.slug}?adults=2` });
    expect(india.statusCode).toBe(301);
    expect(india.headers.location).toBe(`/in/holidays/${renamed}?adults=2`);
    const old = await detail(body.slug);
    expect(old.status).toBe(200);
    expect(old.body.data.slug).toBe(renamed);

    const clash = await api(cat, 'POST', 'packages', newPackage({ slug: body.slug }));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      `The slug ${body.slug} was package ${id}'s address and still leads there: choose another.`,
    );
    // Given back, the old slug is current again and no longer redirects.
    expect((await api(cat, 'PATCH', `packages/${id}`, { slug: body.slug })).body.data.formerSlugs).toEqual([renamed]);
  });
});

describe('delete', () => {
  it('deletes a package nobody booked (audited); refuses one with bookings, saying to unpublish it', async () => {
    const id = (await api(cat, 'POST', 'packages', newPackage())).body.data.id as number;
    const del = await api(cat, 'DELETE', `packages/${id}`);
    expect(del.status, del.body.message).toBe(200);
    expect(await one(sql`select count(*)::int as n from packages where id = ${id}`)).toEqual({ n: 0 });
    expect((await auditRows(id, 'package.delete'))[0]).toMatchObject({ role: 'catalogue', after: { deleted: true } });

    const booked = await one<{ id: number; title: string }>(
      sql`select p.id, p.title from packages p join cities c on c.id = p.city_id where c.country_id <> 101 and p.published order by p.id desc limit 1`,
    );
    const who = await traveller(kit, 'booker');
    const hold = await holdId(kit, who.token, 'UAE', [{ packageId: booked.id }]);
    const made = await book(kit, who.token, 'UAE', {
      TempBookingId: hold,
      PaymentMethod: 'pay-later',
      LeadTraveller: lead({ Email: who.email }),
    });
    expect(made.status, made.body.message).toBe(200);
    const refused = await api(owner, 'DELETE', `packages/${booked.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${booked.title} has 1 booking: it cannot be deleted. Unpublish it instead; its bookings keep it.`,
    );
    expect(await one(sql`select count(*)::int as n from packages where id = ${booked.id}`)).toEqual({ n: 1 });
  });
});

/** A photo-like PNG of the given size. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 160 } } })
    .png()
    .toBuffer();

describe('images', () => {
  it('an uploaded photo is checked by its bytes, resized to the shop’s WebP sizes, served, and set as the hero with its alt text', async () => {
    const { id, slug } = await one<{ id: number; slug: string }>(
      sql`select id, slug from packages where published order by id limit 1 offset 9`,
    );
    const res = await upload(
      cat,
      id,
      { alt: 'Fishing boats on Candolim beach at dawn', use: 'hero' },
      { name: 'beach.png', type: 'image/png', content: await png(2000, 1500) },
    );
    expect(res.status, res.body.message).toBe(200);
    const path = res.body.data.path as string;
    expect(path).toMatch(/^\/images\/uploads\/[a-f0-9]{32}$/);
    expect(res.body.data.package).toMatchObject({
      heroImage: path,
      imageAlts: { [path]: 'Fishing boats on Candolim beach at dawn' },
    });
    expect(res.body.data.package.gallery[0]).toBe(path);
    for (const width of [480, 960, 1440]) {
      const file = await kit.app.inject({ method: 'GET', url: `${path}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 2) / 3)]);
    }
    await eventually(async () => expect((await detail(slug)).body.data.heroImage).toBe(path));
    expect(
      (await auditRows(id, 'package.update')).some((a) => (a.after as { heroImage: string }).heroImage === path),
    ).toBe(true);
  });

  it('refuses a file that is not a photo whatever its name, a photo without alt text, and an unreadable one', async () => {
    const { id } = await one<{ id: number }>(sql`select id from packages order by id limit 1 offset 10`);
    const before = await one(sql`select hero_image, gallery from packages where id = ${id}`);
    const exe = await upload(
      cat,
      id,
      { alt: 'A beach' },
      {
        name: 'beach.jpg',
        type: 'image/jpeg',
        content: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]),
      },
    );
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(
      'Upload a photo as JPEG, PNG or WebP: this file is none of them (checked by its contents, not its name).',
    );
    const noAlt = await upload(
      cat,
      id,
      { alt: '  ' },
      { name: 'b.png', type: 'image/png', content: await png(800, 600) },
    );
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.message).toBe('Write the alt text: what the picture shows, for people who cannot see it.');
    const broken = await upload(
      cat,
      id,
      { alt: 'A beach' },
      { name: 'b.png', type: 'image/png', content: (await png(800, 600)).subarray(0, 60) },
    );
    expect(broken.status).toBe(400);
    const small = await upload(
      cat,
      id,
      { alt: 'A beach' },
      { name: 'b.png', type: 'image/png', content: await png(300, 200) },
    );
    expect(small.body.message).toBe(
      'The picture is 300 pixels wide: upload one at least 480 pixels wide (1440 or more looks best).',
    );
    expect((await upload(cat, id, { alt: 'A beach' })).body.message).toBe('Choose a picture to upload.');
    expect(await one(sql`select hero_image, gallery from packages where id = ${id}`)).toEqual(before);
    expect((await kit.app.inject({ method: 'GET', url: '/images/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });
});

describe('an edit shows on the shop at once', () => {
  it('a price changed through PATCH is on the server-rendered package page and in GetPackageDetail within 5 seconds', async () => {
    const web = await buildApp({
      db: kit.database.db,
      config: testConfig({ PUBLIC_URL: 'http://localhost:8080' }),
      web: developmentWeb,
    });
    await web.ready();
    try {
      const p = await one<{ id: number; slug: string; amount: number }>(
        sql`select p.id, p.slug, pp.amount from packages p join package_prices pp on pp.package_id = p.id and pp.site = 'UAE' where p.published order by p.id limit 1 offset 11`,
      );
      const page = () => web.inject({ method: 'GET', url: `/holidays/${p.slug}` });
      const apiPrice = async () =>
        (
          await web.inject({
            method: 'GET',
            url: `/api/Common/Holiday/GetPackageDetail?Slug=${p.slug}`,
            headers: { country: 'UAE' },
          })
        ).json().data.price.amount as number;
      // Both are asked first, so the caches hold the old price.
      expect((await page()).body).toContain(formatMoney({ amount: p.amount, currency: 'AED' }));
      expect(await apiPrice()).toBe(p.amount);

      const next = p.amount + 13_700; // AED 137 more, in fils
      const patched = await adminCall(web, cat, 'PATCH', `packages/${p.id}`, { prices: { UAE: next } });
      expect(patched.status, patched.body.message).toBe(200);
      const started = Date.now();
      let seenApi = -1;
      let seenPage = -1;
      while (Date.now() - started < 5000 && (seenApi < 0 || seenPage < 0)) {
        if (seenApi < 0 && (await apiPrice()) === next) seenApi = Date.now() - started;
        if (seenPage < 0 && (await page()).body.includes(formatMoney({ amount: next, currency: 'AED' })))
          seenPage = Date.now() - started;
        if (seenApi < 0 || seenPage < 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seenApi, 'the API shows the new price').toBeGreaterThanOrEqual(0);
      expect(seenPage, 'the page shows the new price').toBeGreaterThanOrEqual(0);
      expect(Math.max(seenApi, seenPage)).toBeLessThanOrEqual(5000);
    } finally {
      await web.close();
    }
  }, 120_000);
});

describe('the seed never undoes staff', () => {
  it('a deleted package stays deleted after a restart on the same data, while a fresh database gets the demo catalogue', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'catalogue-restart-'));
    const start = async () => {
      const database = await openDatabase({ dataDir: dir });
      await database.migrate();
      await seed(database.db);
      const app = await buildApp({ db: database.db, config: testConfig() });
      await app.ready();
      return { app, database };
    };
    try {
      let run = await start();
      const total = (await run.database.db.execute<{ n: number }>(sql`select count(*)::int as n from packages`))
        .rows[0]!.n;
      expect(total).toBeGreaterThanOrEqual(64);
      const pkg = (
        await run.database.db.execute<{ id: number; slug: string }>(
          sql`select id, slug from packages order by id desc limit 1`,
        )
      ).rows[0]!;
      const boss = await staffer({ app: run.app, database: run.database }, 'owner');
      const del = await adminCall(run.app, boss, 'DELETE', `packages/${pkg.id}`);
      expect(del.status, del.body.message).toBe(200);
      await run.app.close();
      await run.database.close();

      run = await start();
      expect(
        (await run.database.db.execute(sql`select id from packages where id = ${pkg.id} or slug = ${pkg.slug}`)).rows,
      ).toEqual([]);
      expect(
        (await run.database.db.execute<{ n: number }>(sql`select count(*)::int as n from packages`)).rows[0]!.n,
      ).toBe(total - 1);
      const gone = await run.app.inject({
        method: 'GET',
        url: `/api/Common/Holiday/GetPackageDetail?Slug=${pkg.slug}`,
      });
      expect(gone.statusCode).toBe(404);
      await run.app.close();
      await run.database.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A fresh database: the whole demo catalogue.
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      await fresh.migrate();
      expect(await seed(fresh.db)).toEqual({ demo: true });
      expect(
        (await fresh.db.execute<{ n: number }>(sql`select count(*)::int as n from packages`)).rows[0]!.n,
      ).toBeGreaterThanOrEqual(64);
      expect(await seed(fresh.db)).toEqual({ demo: false });
    } finally {
      await fresh.close();
    }
  }, 180_000);
});
