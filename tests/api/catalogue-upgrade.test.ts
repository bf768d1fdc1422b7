import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillCatalogue } from '../../server/db/backfill-catalogue.ts';
import { CATALOGUE } from '../../server/db/seed-data/catalogue.ts';
import { COUPONS } from '../../server/db/seed-data/coupons.ts';
import { prepareData } from '../../server/prepare-data.ts';
import { staffer, type AdminAnswer, type Staffer } from '../support/staff-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type DeskData } from '../support/answers.ts';

/*
 * Upgrades that finish (issue 33, decision 0093). A database an older build seeded kept its demo
 * packages without the data later builds gave them: the seed loads the demo only into a database
 * without packages, so after the migrations every package still had empty stays, the honeymoon
 * and family-villa packages the default room limits, the card and bank coupons no way of paying,
 * and a published package refused every change, its price too. The start's data step (the same
 * prepareData server/start.ts runs after the migrations) fills them in, once, and never over
 * what staff set.
 */

let kit: TestApp;
let cat: Staffer;

beforeAll(async () => {
  kit = await createTestApp();
  cat = await staffer(kit, 'catalogue');
}, 180_000);
afterAll(() => kit?.close());

const db = () => kit.database.db;
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db().execute<T>(query)).rows;

async function api<const M extends 'GET' | 'PATCH' | 'POST', const Path extends string>(
  method: M,
  path: Path,
  body?: object,
) {
  const res = await kit.app.inject({
    method,
    url: `/api/admin/${path}`,
    ...(body ? { payload: body } : {}),
    remoteAddress: '10.66.3.1',
    headers: { cookie: cat.cookie, ...(method !== 'GET' ? { 'x-csrf-token': cat.csrf } : {}) },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<M, Path>> };
}

/**
 * The catalogue as a build from before the stays, the room limits and the payment-method coupons left it, after today's
 * migrations.
 */
async function asTheOlderBuildLeftIt() {
  await db().execute(sql`update packages set stays = '[]'::jsonb, max_adults_per_room = 3, max_people_per_room = 4`);
  await db().execute(sql`update coupons set payment_method = null, payment_bank = null`);
}

/** A digest of every package and coupon row (with their prices), to see that a start changed nothing. */
async function catalogueDigest() {
  const [row] = await rows<{ packages: string; prices: string; coupons: string }>(sql`
    select (select md5(string_agg(x::text, '|' order by x.id)) from packages x) as packages,
           (select md5(string_agg(x::text, '|' order by x.package_id, x.site)) from package_prices x) as prices,
           (select md5(string_agg(x::text, '|' order by x.id)) from coupons x) as coupons`);
  return row;
}

const demoRooms = CATALOGUE.packages.filter((p) => p.maxAdultsPerRoom !== 3 || p.maxPeoplePerRoom !== 4);
const boundCoupons = COUPONS.filter((c) => c.paymentMethod);
/** A published demo honeymoon package: couples' rooms, 2 adults and 2 people. */
const honeymoon = demoRooms.find((p) => p.maxPeoplePerRoom === 2)!;
/** Another demo package, for the staff edits that must survive the next start. */
const other = CATALOGUE.packages.find((p) => p.id !== honeymoon.id && p.maxPeoplePerRoom === 2)!;

describe('an upgrade from an older build', () => {
  it('fills in at start what the older build never seeded, and a published package takes a new price again', async () => {
    await asTheOlderBuildLeftIt();
    const [before] = await rows<{ empty: number; defaults: number }>(sql`
      select count(*) filter (where stays = '[]'::jsonb)::int as empty,
             count(*) filter (where max_adults_per_room = 3 and max_people_per_room = 4)::int as defaults from packages`);
    expect(before!.empty).toBe(CATALOGUE.packages.length);
    // As the issue found it: the price of a published package is refused.
    const refused = await api('PATCH', `packages/${honeymoon.id}`, { prices: { UAE: 777_700 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/needs its itinerary and its stays/);

    // The start: the seed (which loads no demo into a database with packages), then the back-fills.
    const said: string[] = [];
    await prepareData(db(), (line) => said.push(line));
    expect(said.join('\n')).toContain(
      `stays filled in on ${CATALOGUE.packages.length} package(s), room limits on ${demoRooms.length}, ways of paying on ${boundCoupons.length} coupon(s)`,
    );

    const edited = await api('PATCH', `packages/${honeymoon.id}`, { prices: { UAE: 777_700 } });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data.published).toBe(true);
    expect(edited.body.data.prices.UAE!.amount).toBe(777_700);
    expect(edited.body.data.stays).toEqual(honeymoon.stays);
    expect([edited.body.data.maxAdultsPerRoom, edited.body.data.maxPeoplePerRoom]).toEqual([2, 2]);

    // Every demo package as today's seed makes it, and the card and bank coupons bound to their way of paying.
    const packages = await rows<{ id: number; stays: unknown; adults: number; people: number }>(sql`
      select id, stays, max_adults_per_room as adults, max_people_per_room as people from packages order by id`);
    expect(packages).toEqual(
      CATALOGUE.packages.map((p) => ({
        id: p.id,
        stays: p.stays,
        adults: p.maxAdultsPerRoom,
        people: p.maxPeoplePerRoom,
      })),
    );
    const coupons = await rows<{ slug: string; method: string | null; bank: string | null }>(sql`
      select slug, payment_method as method, payment_bank as bank from coupons where payment_method is not null order by slug`);
    expect(coupons).toEqual(
      boundCoupons
        .map((c) => ({ slug: c.slug, method: c.paymentMethod, bank: c.paymentBank ?? null }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    );
  });

  it('is idempotent: a second start changes nothing, and what staff set since (even back to a default) is kept', async () => {
    // Staff set the honeymoon package's rooms back to 3 adults and 4 people, and clear another package's stays
    // (unpublished first).
    const rooms = await api('PATCH', `packages/${honeymoon.id}`, { maxAdultsPerRoom: 3, maxPeoplePerRoom: 4 });
    expect(rooms.status, rooms.body.message).toBe(200);
    const off = await api('POST', `packages/${other.id}/unpublish`);
    expect(off.status, off.body.message).toBe(200);
    const cleared = await api('PATCH', `packages/${other.id}`, { stays: [] });
    expect(cleared.status, cleared.body.message).toBe(200);

    const digest = await catalogueDigest();
    const said: string[] = [];
    await prepareData(db(), (line) => said.push(line));
    expect(said).toEqual([]);
    expect(await backfillCatalogue(db())).toEqual({ stays: 0, rooms: 0, coupons: 0 });
    expect(await catalogueDigest()).toEqual(digest);

    const [kept] = await rows<{ adults: number; people: number; price: number }>(sql`
      select max_adults_per_room as adults, max_people_per_room as people,
             (select amount from package_prices where package_id = p.id and site = 'UAE') as price
      from packages p where id = ${honeymoon.id}`);
    expect(kept).toEqual({ adults: 3, people: 4, price: 777_700 }); // AED 7,777, kept in fils
    const [empty] = await rows<{ stays: unknown }>(sql`select stays from packages where id = ${other.id}`);
    expect(empty!.stays).toEqual([]);
  });
});
