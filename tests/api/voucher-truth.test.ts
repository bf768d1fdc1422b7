import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client.ts';
import * as t from '../../server/db/schema.ts';
import { seed } from '../../server/db/seed.ts';
import { backfillCatalogue } from '../../server/db/backfill-catalogue.ts';
import { packageVouchers, type Desks } from '../../server/services/documents/vouchers.ts';
import { vouchersPdf } from '../../server/services/documents/vouchers-pdf.ts';
import type { Voucher, VoucherSet } from '../../contract/documents.ts';

/*
 * Vouchers tell the truth, for every seeded package: each stay's supplier is in the stay's place,
 * which is in the package's destination and is the place the package's own inclusions name; the
 * stays' nights add up to the package's; the vouchers follow the stays (dates, hotels, the moves
 * between them); and nothing a voucher says is included is left out by the package.
 */

/** The last address line of a partner in each destination names it. */
const REGION: Record<string, string> = {
  dubai: 'Dubai, United Arab Emirates',
  'abu-dhabi': 'Abu Dhabi, United Arab Emirates',
  goa: 'Goa',
  kerala: 'Kerala',
  kashmir: 'Jammu & Kashmir',
  rajasthan: 'Rajasthan',
  maldives: 'Republic of Maldives',
  bali: 'Bali',
  thailand: 'Thailand',
  singapore: 'Singapore',
  switzerland: 'Switzerland',
  turkey: 'Türkiye',
  andaman: 'Andaman & Nicobar Islands',
  manali: 'Himachal Pradesh',
  'sri-lanka': 'Sri Lanka',
  mauritius: 'Mauritius',
};

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const STOP = new Set([
  'and',
  'the',
  'at',
  'to',
  'of',
  'for',
  'from',
  'or',
  'per',
  'payable',
  'paid',
  'where',
  'applicable',
  'hotel',
  'hotels',
  'resort',
  'room',
  'night',
  'some',
]);
const stems = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map((w) => w.replace(/s$/, ''));

/** An exclusion that names a charge (a tax, a fee, a levy, tickets) without "unless mentioned"-style conditions. */
const CHARGE = /\b(tax|fees?|levy|visa|permit|tickets?)\b/i;
const CONDITIONAL = /unless|not (listed|mentioned)|not in the/i;

/** Whether a line claiming inclusion contradicts an exclusion: it names every word of the excluded charge. */
function contradicts(line: string, exclusion: string, city: string): boolean {
  const own = new Set(stems(city));
  const key = stems(exclusion.split(/,| payable| paid/)[0]!).filter((w) => !own.has(w));
  const words = new Set(stems(line));
  return key.length > 0 && key.every((k) => words.has(k));
}

/** Places the package's accommodation inclusions name, longest first (so "Old Manali" is not also "Manali"). */
function namedPlaces(text: string, places: string[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  let rest = text;
  for (const p of [...places].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(^|[^\\p{L}])${esc(p)}(?=[^\\p{L}]|$)`, 'iu');
    if (!re.test(rest)) continue;
    const count =
      rest.match(new RegExp(`${esc(p)} \\(?(\\d+)\\)?(?![-\\d])`, 'iu'))?.[1] ??
      rest.match(new RegExp(`(\\d+) (?:nights? )?(?:in|on) ${esc(p)}`, 'iu'))?.[1] ??
      null;
    out.set(p, count === null ? null : Number(count));
    rest = rest.replace(new RegExp(esc(p), 'giu'), ' ');
  }
  return out;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('vouchers tell the truth for every seeded package', () => {
  let database: Database;
  let pkgs: Array<typeof t.packages.$inferSelect & { destination: string; city: string }>;
  let desks: Map<number, Desks>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seed(database.db);
    const { db } = database;
    const rows = await db
      .select({ p: t.packages, slug: t.cities.slug, name: t.cities.name })
      .from(t.packages)
      .innerJoin(t.cities, eq(t.cities.id, t.packages.cityId))
      .orderBy(t.packages.id);
    pkgs = rows.map((r) => ({ ...r.p, destination: r.slug, city: r.name }));
    const suppliers = await db.select().from(t.suppliers);
    desks = new Map(
      [...new Set(pkgs.map((p) => p.cityId))].map((cityId) => {
        const of = (kind: string) => suppliers.find((s) => s.cityId === cityId && s.kind === kind)!;
        return [cityId, { transfer: of('transfer'), sightseeing: of('sightseeing'), fallback: of('hotel') }];
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const vouchersOf = (p: (typeof pkgs)[number]): Voucher[] =>
    packageVouchers(
      {
        title: p.title,
        city: p.city,
        travelDate: '2027-03-10',
        nights: p.nights,
        adults: 2,
        children: 1,
        infants: 0,
        rooms: 1,
      },
      1,
      p,
      desks.get(p.cityId)!,
    ).map((v, i) => ({ ...v, number: `WH-TEST-${i + 1}` }));

  it('every package has stays whose nights add up to its nights, each with a sample partner on the partner domain', () => {
    expect(pkgs.length).toBeGreaterThanOrEqual(64);
    for (const p of pkgs) {
      expect(p.stays.length, p.slug).toBeGreaterThan(0);
      expect(
        p.stays.reduce((n, s) => n + s.nights, 0),
        p.slug,
      ).toBe(p.nights);
      for (const s of p.stays) {
        expect(s.nights, p.slug).toBeGreaterThan(0);
        expect(s.supplier.email, p.slug).toMatch(/^[a-z0-9-]+@partners\.wanderlust-holidays\.com$/);
        expect(s.supplier.phone, p.slug).toMatch(/^\+\d[\d ]+555 ?\d+/);
        expect(s.supplier.checkIn, p.slug).toMatch(/^\d\d:\d\d$/);
        expect(s.supplier.checkOut, p.slug).toMatch(/^\d\d:\d\d$/);
      }
    }
  });

  it('each stay’s partner is in the stay’s place, the place is in the package’s destination, and it is the place the package names', () => {
    const placesOf = new Map<string, string[]>();
    for (const p of pkgs)
      placesOf.set(p.destination, [
        ...new Set([...(placesOf.get(p.destination) ?? []), ...p.stays.map((s) => s.place)]),
      ]);
    for (const p of pkgs) {
      for (const s of p.stays) {
        expect(s.supplier.address.join(', ').toLowerCase(), `${p.slug}: ${s.supplier.name}`).toContain(
          s.place.toLowerCase(),
        );
        expect(s.supplier.address.at(-1), `${p.slug}: ${s.supplier.name}`).toContain(REGION[p.destination]);
      }
      // "5 nights: Kochi 2, Munnar 2, houseboat 1", "… at a 5-star Palm Jumeirah resort": the stays are there, for
      // those nights.
      const text = p.inclusions.filter((i) => /\bnights?\b/i.test(i)).join(' | ');
      for (const [place, nights] of namedPlaces(text, placesOf.get(p.destination)!)) {
        const at = p.stays.filter((s) => s.place === place);
        expect(at.length, `${p.slug} names ${place}`).toBeGreaterThan(0);
        if (nights !== null)
          expect(
            at.filter((s) => s.kind !== 'houseboat').reduce((n, s) => n + s.nights, 0),
            `${p.slug}: nights in ${place}`,
          ).toBe(nights);
      }
    }
  });

  it('gives one stay voucher per stay with its own dates, nights and partner; the transfers name the right hotels', () => {
    for (const p of pkgs) {
      const vs = vouchersOf(p);
      const stays = vs.filter((v) => v.kind === 'stay');
      expect(stays.length, p.slug).toBe(p.stays.length);
      let day = '2027-03-10';
      stays.forEach((v, i) => {
        const s = p.stays[i]!;
        expect(v, p.slug).toMatchObject({
          startDate: day,
          endDate: addDays(day, s.nights),
          place: s.place,
          supplier: { name: s.supplier.name, address: s.supplier.address, phone: s.supplier.phone },
        });
        expect(v.details.find((d) => d.label === 'Nights')!.value.startsWith(String(s.nights)), p.slug).toBe(true);
        day = addDays(day, s.nights);
      });
      expect(day, p.slug).toBe(addDays('2027-03-10', p.nights));
      const transfer = vs.find((v) => v.kind === 'transfer')!;
      const legs = transfer.details.map((d) => d.value);
      expect(transfer.details[0]!.label).toBe('Arrival');
      expect(legs[0], p.slug).toContain(p.stays[0]!.supplier.name);
      expect(transfer.details.find((d) => d.label === 'Departure')!.value, p.slug).toContain(
        p.stays.at(-1)!.supplier.name,
      );
      p.stays.slice(1).forEach((s, i) => {
        const prev = p.stays[i]!;
        if (prev.supplier.name !== s.supplier.name)
          expect(
            legs.some((l) => l.includes(`${prev.supplier.name}, ${prev.place} to ${s.supplier.name}, ${s.place}`)),
            `${p.slug}: move to ${s.place}`,
          ).toBe(true);
      });
    }
  });

  it('no voucher says anything is included that the package does not include, or that its exclusions leave out', () => {
    let checked = 0;
    for (const p of pkgs) {
      const charges = p.exclusions.filter((e) => CHARGE.test(e) && !CONDITIONAL.test(e));
      for (const v of vouchersOf(p)) {
        for (const line of v.included) expect(p.inclusions, `${p.slug} ${v.title}: "${line}"`).toContain(line);
        const claims = [
          ...v.included,
          ...[...v.notes, ...v.details.map((d) => d.value)].filter((l) => /\binclud/i.test(l)),
        ];
        for (const line of claims) {
          for (const e of charges) {
            expect(contradicts(line, e, p.city), `${p.slug} ${v.title}: "${line}" vs "${e}"`).toBe(false);
            checked += 1;
          }
        }
        if (v.kind === 'stay')
          expect(v.payLocally, p.slug).toEqual(p.exclusions.filter((e) => /\b(payable|paid)\b/i.test(e)));
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The check itself bites: the old Maldives note contradicts the honeymoon's exclusion.
    expect(
      contradicts(
        'Green tax of USD 6 per person per night is included in your package.',
        'Maldives green tax, payable at the resort',
        'Maldives',
      ),
    ).toBe(true);
  });

  it('the packages of the issue: Palm Jumeirah, Yas Island, Kerala’s three stays and the Maldives green tax', () => {
    const bySlug = (slug: string) => pkgs.find((p) => p.slug === slug)!;
    const stayOf = (slug: string) => vouchersOf(bySlug(slug)).filter((v) => v.kind === 'stay');
    expect(stayOf('dubai-luxury-escape-4-nights').map((v) => [v.place, v.supplier.address.join(', ')])).toEqual([
      ['Palm Jumeirah', expect.stringContaining('Palm Jumeirah')],
    ]);
    expect(stayOf('abu-dhabi-yas-island-family-4-nights').map((v) => v.place)).toEqual(['Yas Island']);
    const kerala = stayOf('kerala-family-tour-5-nights');
    expect(kerala.map((v) => [v.title, v.startDate, v.endDate])).toEqual([
      ['Hotel stay in Kochi', '2027-03-10', '2027-03-12'],
      ['Resort stay in Munnar', '2027-03-12', '2027-03-14'],
      ['Houseboat stay in Alleppey', '2027-03-14', '2027-03-15'],
    ]);
    const honeymoon = vouchersOf(bySlug('maldives-overwater-honeymoon-4-nights'));
    expect(honeymoon[0]!.payLocally).toContain('Maldives green tax, payable at the resort');
    expect(honeymoon.flatMap((v) => [...v.included, ...v.notes]).some((l) => /green tax/i.test(l))).toBe(false);
    expect(vouchersOf(bySlug('maldives-all-inclusive-luxury-5-nights'))[0]!.included).toContain(
      'Green tax and service charges',
    );
  });

  it('a voucher names only the ways of travel its package uses: the Maldives speedboat transfers say nothing of seaplanes (issue 34)', () => {
    const ways = [/seaplane/i, /speedboat/i, /helicopter/i];
    for (const p of pkgs) {
      const own = [p.title, ...p.inclusions].join(' | ');
      for (const v of vouchersOf(p)) {
        for (const note of v.notes)
          for (const way of ways) if (way.test(note)) expect(own, `${p.slug} ${v.title}: "${note}"`).toMatch(way);
      }
    }
    const notesOf = (slug: string, kind: Voucher['kind']) =>
      vouchersOf(pkgs.find((p) => p.slug === slug)!)
        .filter((v) => v.kind === kind)
        .flatMap((v) => v.notes);
    for (const slug of [
      'maldives-overwater-honeymoon-4-nights',
      'maldives-family-resort-4-nights',
      'maldives-marine-life-6-nights',
    ]) {
      expect(
        [...notesOf(slug, 'transfer'), ...notesOf(slug, 'stay')].filter((n) => /seaplane/i.test(n)),
        slug,
      ).toEqual([]);
    }
    // The seaplane package keeps what its travellers need to know.
    expect(notesOf('maldives-all-inclusive-luxury-5-nights', 'transfer')).toContain(
      'Luggage on seaplanes: 20 kg checked and 5 kg hand luggage per person; extra weight is charged.',
    );
    expect(
      notesOf('maldives-all-inclusive-luxury-5-nights', 'stay').some((n) => /Seaplanes fly in daylight only/.test(n)),
    ).toBe(true);
  });

  it('the PDF shows each stay’s place, its hotel and what is paid locally', async () => {
    const vouchers = ['kerala-family-tour-5-nights', 'maldives-overwater-honeymoon-4-nights'].flatMap((slug) =>
      vouchersOf(pkgs.find((p) => p.slug === slug)!),
    );
    const set: VoucherSet = {
      BookingId: 1,
      RefIdKey: 'WH-TEST1-TRUTH',
      site: 'IN',
      status: 'confirmed',
      paymentStatus: 'paid',
      issuedOn: '2027-01-05',
      travellers: [{ name: 'Ms Asha Rao', ageBand: 'adult', lead: true }],
      leadContact: { phone: null, email: null },
      qr: { text: 'WH-TEST1-TRUTH', svg: '' },
      paymentDue: null,
      help: { name: 'Wanderlust Holidays', phone: '+91 22 4000 1234', email: 'help@example.com' },
      vouchers: vouchers.map((v, i) => ({ ...v, number: `WH-TEST1-TRUTH-${i + 1}` })),
      pdf: { filename: 'v.pdf', url: '/v' },
    };
    const { text } = await extractText(
      await getDocumentProxy(await vouchersPdf(set, new Date('2027-01-05T10:00:00Z'))),
      { mergePages: false },
    );
    const stays = set.vouchers.filter((v) => v.kind === 'stay');
    for (const v of stays) {
      const page = text.find((p) => p.includes(`Voucher ${v.number}`))!;
      expect(page).toContain(v.supplier.name);
      expect(page).toContain(v.place!);
    }
    const maldives = text.find((p) => p.includes(`Voucher ${stays.at(-1)!.number}`))!;
    expect(maldives).toContain('Not included: paid locally');
    expect(maldives).toContain('Maldives green tax, payable at the resort');
    expect(text.find((p) => p.includes(`Voucher ${stays[1]!.number}`))).toContain('stay 2 of 3');
  });

  it('a database seeded before stays gets them at its next start (the back-fill after the seed: decision 0093); stays edited since are kept', async () => {
    const { db } = database;
    const edited: t.PackageStay[] = [
      { ...pkgs[1]!.stays[0]!, supplier: { ...pkgs[1]!.stays[0]!.supplier, name: 'Edited Palm Resort' } },
    ];
    await db.update(t.packages).set({ stays: [] }).where(eq(t.packages.id, 1));
    await db.update(t.packages).set({ stays: edited }).where(eq(t.packages.id, 2));
    await seed(db);
    expect((await backfillCatalogue(db)).stays).toBe(1);
    const [one] = await db.select({ stays: t.packages.stays }).from(t.packages).where(eq(t.packages.id, 1));
    const [two] = await db.select({ stays: t.packages.stays }).from(t.packages).where(eq(t.packages.id, 2));
    expect(one!.stays).toEqual(pkgs[0]!.stays);
    expect(two!.stays[0]!.supplier.name).toBe('Edited Palm Resort');
    await db.execute(sql`update packages set stays = ${JSON.stringify(pkgs[1]!.stays)}::jsonb where id = 2`);
  });
});
