import { sql } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, type SearchResult } from '../../contract/catalogue.ts';
import type { Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import { packageCardsByIds } from './catalogue.ts';

/** The words of a query, lower-cased, letters and digits only (what to_tsquery may be given). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** Each word as a prefix ("bali:* & beach:*"), so "honeym" finds honeymoon as it is typed. */
const tsQuery = (words: string[], join: '&' | '|') => words.map((w) => `${w}:*`).join(` ${join} `);

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
      from packages p
      join package_prices pp on pp.package_id = p.id and pp.site = ${site} and p.published
      join cities c on c.id = p.city_id
      join countries co on co.id = c.country_id
      join trip_types tt on tt.id = p.trip_type_id
      left join package_interests pi on pi.package_id = p.id
      left join interests i on i.id = pi.interest_id
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
  return rows.map((r) => ({ label: r.name, url: r.kind === 'city' ? `/holidays?cityId=${r.id}` : `/holidays?typeId=${r.id}` }));
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
  const cards = await packageCardsByIds(db, site, hits.map((h) => h.id));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    query,
    match,
    packages: hits.map((h) => byId.get(h.id)).filter((c) => c !== undefined),
    total: hits[0]?.total ?? 0,
    suggestions: match === 'none' ? await suggestions(db, site) : [],
  };
}
