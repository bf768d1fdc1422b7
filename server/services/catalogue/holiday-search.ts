import { sql } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, type SearchResult } from '../../../contract/catalogue.ts';
import type { Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { packageCardsByIds } from './package-cards.ts';

/** The words of a query, lower-cased, letters and digits only (what to_tsquery may be given). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** Each word as a prefix ("bali:* & beach:*"), so "honeym" finds honeymoon as it is typed. */
const tsQuery = (words: string[], join: '&' | '|') => words.map((w) => `${w}:*`).join(` ${join} `);

/**
 * The packages sold on `site` with every word search looks in: their place (c, co), trip type (tt) and interests (i,
 * one row each).
 */
const soldWithWords = (site: Site) => sql`from packages p
      join package_prices pp on pp.package_id = p.id and pp.site = ${site} and p.published
      join cities c on c.id = p.city_id
      join countries co on co.id = c.country_id
      join trip_types tt on tt.id = p.trip_type_id
      left join package_interests pi on pi.package_id = p.id
      left join interests i on i.id = pi.interest_id`;

interface Ranked {
  id: number;
  rank: number;
  total: number;
}

/**
 * Packages sold on `site` matching a query, best first: Postgres full-text search (English
 * stemming, prefixes) over the title and the place (weight A), the trip type and interests (B),
 * ranked with ts_rank (docs/decisions/0060). Works alike on PGlite and Postgres, no extension.
 */
async function ranked(db: Db, site: Site, query: string, pageIndex: number): Promise<Ranked[]> {
  const { rows } = await db.execute<{ id: number; rank: number; total: number }>(sql`
    with doc as (
      select p.id, p.rating,
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('english', c.name || ' ' || co.name), 'A') ||
        setweight(to_tsvector('english', tt.name || ' ' || coalesce(string_agg(i.name, ' '), '')), 'B') as v
      ${soldWithWords(site)}
      group by p.id, p.rating, c.name, co.name, tt.name
    )
    select id, ts_rank(v, q) as rank, count(*) over () as total
    from doc, to_tsquery('english', ${query}) q
    where v @@ q
    order by rank desc, rating desc, id
    limit ${SEARCH_PAGE_SIZE} offset ${(pageIndex - 1) * SEARCH_PAGE_SIZE}`);
  return rows.map((r) => ({ id: Number(r.id), rank: Number(r.rank), total: Number(r.total) }));
}

/** Destinations and trip types sold on the site, most packages first: what to try when nothing matched. */
async function suggestions(db: Db, site: Site): Promise<SearchResult['suggestions']> {
  const { rows } = await db.execute<{ kind: string; id: number; name: string; n: number }>(sql`
    (select 'city' as kind, c.id, c.name, count(*)::int as n from packages p
      join package_prices pp on pp.package_id = p.id and pp.site = ${site} and p.published
      join cities c on c.id = p.city_id group by c.id, c.name order by n desc, c.name limit 6)
    union all
    (select 'type' as kind, t.id, t.name, count(*)::int as n from packages p
      join package_prices pp on pp.package_id = p.id and pp.site = ${site} and p.published
      join trip_types t on t.id = p.trip_type_id group by t.id, t.name order by n desc, t.name limit 4)`);
  return rows.map((r) => ({
    label: r.name,
    url: r.kind === 'city' ? `/holidays?cityId=${r.id}` : `/holidays?typeId=${r.id}`,
  }));
}

const didYouMean = (fixed: string | null) =>
  fixed ? { label: fixed, url: `/search?q=${encodeURIComponent(fixed)}` } : null;

/** Edits (insert, delete, change, swap two neighbours) from one word to another: "maldivs" is 1 from "maldives". */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * "Did you mean Maldives?": the query with each mistyped word put right. A word is mistyped when
 * it is none of the words search looks in (`vocabulary`: titles, places, trip types, interests),
 * nor the start of one, but one or two edits from a word of a city, country or trip type of the
 * site (`targets`; one edit for words of up to five letters), the nearest taken. Interests are
 * not offered ("Paris" is one edit from "Theme Parks"). Null when every word is known or nothing
 * is close.
 */
export function correctedQuery(words: string[], targets: string[], vocabulary: string[] = targets): string | null {
  const wordsOf = (names: string[]) => names.flatMap((n) => n.match(/[\p{L}\p{N}]+/gu) ?? []);
  const known = new Set(wordsOf(vocabulary).map((w) => w.toLowerCase()));
  const candidates = new Map(wordsOf(targets).map((w) => [w.toLowerCase(), w]));
  let changed = false;
  const fixed = words.map((w) => {
    // Known, short, a number, or the start of a known word (search matches prefixes: "honeym").
    if (known.has(w) || w.length < 4 || /\d/.test(w) || [...known].some((k) => k.startsWith(w))) return w;
    const allowed = w.length <= 5 ? 1 : 2;
    let best: { word: string; distance: number } | null = null;
    for (const [lower, shown] of candidates) {
      if (Math.abs(lower.length - w.length) > allowed) continue;
      const distance = editDistance(w, lower);
      if (distance <= allowed && (!best || distance < best.distance)) best = { word: shown, distance };
    }
    if (!best) return w;
    changed = true;
    return best.word;
  });
  return changed ? fixed.join(' ') : null;
}

/** What a query's words are checked against (see correctedQuery), for one site. */
async function wordsSold(db: Db, site: Site): Promise<{ targets: string[]; vocabulary: string[] }> {
  const { rows } = await db.execute<{ name: string; other: boolean }>(sql`
    select distinct n.name, n.other
      ${soldWithWords(site)}
      cross join lateral (values (p.title, true), (i.name, true), (c.name, false), (co.name, false), (tt.name, false)) as n(name, other)
    where n.name is not null`);
  return {
    targets: rows.filter((r) => !r.other).map((r) => String(r.name)),
    vocabulary: rows.map((r) => String(r.name)),
  };
}

async function corrected(db: Db, site: Site, words: string[]): Promise<string | null> {
  const { targets, vocabulary } = await wordsSold(db, site);
  return correctedQuery(words, targets, vocabulary);
}

export async function searchHolidays(db: Db, site: Site, q: string, pageIndex = 1): Promise<SearchResult> {
  const query = q.trim();
  const words = queryWords(query);
  let match: SearchResult['match'] = 'none';
  let hits: Ranked[] = [];
  if (words.length) {
    hits = await ranked(db, site, tsQuery(words, '&'), pageIndex);
    match = 'all';
    // "bali beach": nothing has both words, so show what has either, saying so.
    if (hits.length === 0 && words.length > 1 && pageIndex === 1) {
      hits = await ranked(db, site, tsQuery(words, '|'), pageIndex);
      match = 'any';
    }
    if (hits.length === 0) match = 'none';
  }
  const cards = await packageCardsByIds(
    db,
    site,
    hits.map((h) => h.id),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    query,
    match,
    packages: hits.map((h) => byId.get(h.id)).filter((c) => c !== undefined),
    total: hits[0]?.total ?? 0,
    suggestions: match === 'none' ? await suggestions(db, site) : [],
    didYouMean: didYouMean(words.length && pageIndex === 1 ? await corrected(db, site, words) : null),
  };
}
