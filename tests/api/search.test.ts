import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchHolidays } from '../../contract/catalogue-calls.ts';
import { correctedQuery, editDistance } from '../../server/services/catalogue/holiday-search.ts';
import { failure, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Packages the seed sells on the site whose title, place, trip type or interests say `word`. */
async function expected(word: string, site = 'UAE'): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ id: number }>(sql`
    select distinct p.id from packages p
    join package_prices pp on pp.package_id = p.id and pp.site = ${site}
    join cities c on c.id = p.city_id join countries co on co.id = c.country_id join trip_types tt on tt.id = p.trip_type_id
    left join package_interests pi on pi.package_id = p.id left join interests i on i.id = pi.interest_id
    where p.title ilike ${`%${word}%`} or c.name ilike ${`%${word}%`} or co.name ilike ${`%${word}%`} or tt.name ilike ${`%${word}%`} or i.name ilike ${`%${word}%`}`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

describe('Holiday/SearchHolidays', () => {
  it('"honeymoon" finds every honeymoon holiday of the site, not one', async () => {
    const want = await expected('honeymoon');
    expect(want.length).toBeGreaterThan(1);
    const r = await read(t, searchHolidays, { q: 'honeymoon' });
    expect(r.match).toBe('all');
    expect(r.total).toBe(want.length);
    expect(r.packages.map((p) => p.id).sort((a, b) => a - b)).toEqual(want);
  });

  it('ranks a match in the title or place above one in the interests, and finds words by their start', async () => {
    const r = await read(t, searchHolidays, { q: 'dubai' });
    expect(r.packages.length).toBeGreaterThan(0);
    expect(r.packages[0]!.city.name === 'Dubai' || r.packages[0]!.title.includes('Dubai')).toBe(true);
    const prefix = await read(t, searchHolidays, { q: 'honeym' });
    expect(prefix.total).toBe((await read(t, searchHolidays, { q: 'honeymoon' })).total);
  });

  it('"maldivs" offers "Did you mean Maldives?"; a known word, a prefix or "Paris" offers nothing', async () => {
    const typo = await read(t, searchHolidays, { q: 'maldivs' });
    expect(typo.didYouMean).toEqual({ label: 'Maldives', url: '/search?q=Maldives' });
    const known = await read(t, searchHolidays, { q: 'maldives' });
    expect(known.didYouMean).toBeNull();
    expect((await read(t, searchHolidays, { q: 'honeym' })).didYouMean).toBeNull();
    expect((await read(t, searchHolidays, { q: 'Paris' })).didYouMean).toBeNull();
    // Each word put right, the others kept.
    expect((await read(t, searchHolidays, { q: 'honeymon maldives' })).didYouMean?.label).toBe('Honeymoon maldives');
  });

  it('counts edits as people mistype: a letter left out, added, changed or two swapped', () => {
    expect(editDistance('maldivs', 'maldives')).toBe(1);
    expect(editDistance('dubia', 'dubai')).toBe(1);
    expect(editDistance('bali', 'bail')).toBe(1);
    expect(editDistance('paris', 'bali')).toBe(3);
    expect(correctedQuery(['dubia'], ['Dubai'])).toBe('Dubai');
    expect(correctedQuery(['dubai'], ['Dubai'])).toBeNull();
    expect(correctedQuery(['xyzzy'], ['Dubai'])).toBeNull();
  });

  it('"Paris" matches nothing and says so, with places and trip types to try', async () => {
    const r = await read(t, searchHolidays, { q: 'Paris' });
    expect(r).toMatchObject({ query: 'Paris', match: 'none', total: 0, packages: [] });
    expect(r.suggestions.length).toBeGreaterThan(3);
    expect(r.suggestions.every((s) => /^\/holidays\?(cityId|typeId)=\d+$/.test(s.url))).toBe(true);
  });

  it('"bali beach": with every word when something has them all, else with any word, saying which', async () => {
    const r = await read(t, searchHolidays, { q: 'bali beach' });
    expect(['all', 'any']).toContain(r.match);
    expect(r.packages.length).toBeGreaterThan(0);
    const beachOnly = await read(t, searchHolidays, { q: 'beach zzzqqq' });
    expect(beachOnly.match).toBe('any');
    expect(beachOnly.packages.length).toBeGreaterThan(0);
  });

  it('answers each site its own packages and prices', async () => {
    const uae = await read(t, searchHolidays, { q: 'kerala' });
    const india = await read(t, searchHolidays, { q: 'kerala' }, { site: 'IN' });
    expect(india.packages.every((p) => p.price.currency === 'INR')).toBe(true);
    expect(uae.packages.every((p) => p.price.currency === 'AED')).toBe(true);
    expect(india.total).toBe((await expected('kerala', 'IN')).length);
  });

  it('takes any text safely and refuses an empty or very long query', async () => {
    for (const q of ["o'brien & | ! :* (", 'select * from packages;--', '🏝️ beach']) {
      const r = await read(t, searchHolidays, { q });
      expect(r.query).toBe(q.trim());
    }
    expect(await failure(t, searchHolidays, { q: '   ' })).toMatchObject({
      code: 400,
      message: 'q: is required: type what you are looking for',
    });
    expect(await failure(t, searchHolidays, { q: 'x'.repeat(101) })).toMatchObject({ code: 400 });
  });
});
