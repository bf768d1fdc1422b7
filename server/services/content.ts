import { and, asc, avg, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type {
  Banner,
  BlogListResult,
  BlogPost,
  BlogPostSummary,
  FooterHeading,
  MissionStatement,
  Review,
  ReviewsResult,
  SearchSuggestion,
} from '../../contract/content.ts';
import type { Site } from '../../contract/site.ts';
import type { Db } from '../db/client.ts';
import {
  banners,
  blogPosts,
  cities,
  countries,
  dealCategories,
  deals,
  footerHeadings,
  missionStatements,
  packages,
  reviews,
} from '../db/schema.ts';
import { onSaleIds, packageCardQuery } from './catalogue/package-cards.ts';
import { sanitizeRichText } from './rich-text.ts';
import { equalsIgnoreCase, wordStartsWith } from './sql-text.ts';

/** The live banners of a type on the site (started and not ended), in staff's order. */
export async function bannersFor(db: Db, site: Site, bannerType: string, now = new Date()): Promise<Banner[]> {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      image: banners.image,
      link: banners.link,
    })
    .from(banners)
    .where(
      and(
        equalsIgnoreCase(banners.bannerType, bannerType),
        or(isNull(banners.site), eq(banners.site, site)),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** The page's statement (forListing: the one shown above a listing), body sanitised; null when none. */
export async function missionStatement(
  db: Db,
  pageType: string,
  forListing: boolean,
): Promise<MissionStatement | null> {
  const [row] = await db
    .select({ id: missionStatements.id, title: missionStatements.title, body: missionStatements.body })
    .from(missionStatements)
    .where(and(equalsIgnoreCase(missionStatements.pageType, pageType), eq(missionStatements.forListing, forListing)))
    .orderBy(asc(missionStatements.id))
    .limit(1);
  return row ? { ...row, body: sanitizeRichText(row.body) } : null;
}

export function toReview(r: typeof reviews.$inferSelect): Review {
  return {
    id: r.id,
    packageId: r.packageId,
    author: r.author,
    location: r.location,
    rating: r.rating,
    title: r.title,
    body: sanitizeRichText(r.body),
    travelledOn: r.travelledOn,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function packageExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.published, true)))
    .limit(1);
  return Boolean(row);
}

/** A page's reviews, or one package's (then the page type is not used), on one site, newest first. */
export async function reviewsFor(
  db: Db,
  q: { site: Site; pageType?: string; packageId?: number; pageIndex: number; pageSize: number },
): Promise<ReviewsResult> {
  const where = and(
    eq(reviews.site, q.site),
    q.packageId ? eq(reviews.packageId, q.packageId) : equalsIgnoreCase(reviews.pageType, q.pageType ?? ''),
  );
  const [rows, [stats]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ total: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(where),
  ]);
  const average =
    stats?.average === null || stats?.average === undefined ? 0 : Math.round(Number(stats.average) * 10) / 10;
  return {
    reviews: rows.map(toReview),
    total: stats?.total ?? 0,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    averageRating: average,
  };
}

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  image: blogPosts.image,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
};

const toSummary = (r: { publishedAt: Date } & Omit<BlogPostSummary, 'publishedAt'>): BlogPostSummary => ({
  ...r,
  publishedAt: r.publishedAt.toISOString(),
});

/** Page names that mean "every post" (the blog's own index page). */
const ALL_POSTS = new Set(['blog', 'all']);

export async function blogPostsFor(
  db: Db,
  q: { pageName: string; pageIndex: number; pageSize: number },
): Promise<BlogListResult> {
  const where = ALL_POSTS.has(q.pageName.toLowerCase()) ? undefined : equalsIgnoreCase(blogPosts.pageName, q.pageName);
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { posts: rows.map(toSummary), total: counted?.total ?? 0, pageIndex: q.pageIndex, pageSize: q.pageSize };
}

export async function blogPost(db: Db, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: blogPosts.body, pageName: blogPosts.pageName })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  if (!row) return null;
  const related = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(ne(blogPosts.id, row.id))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(3);
  return {
    ...toSummary(row),
    body: sanitizeRichText(row.body),
    pageName: row.pageName,
    related: related.map(toSummary),
  };
}

export async function footer(db: Db): Promise<FooterHeading[]> {
  return db
    .select({ id: footerHeadings.id, heading: footerHeadings.heading, links: footerHeadings.links })
    .from(footerHeadings)
    .orderBy(asc(footerHeadings.sort), asc(footerHeadings.id));
}

/**
 * Suggestions as the traveller types: destinations, packages (sold on the site) and live deals
 * whose name has a word starting with the prefix. Each kind gets a fair share of `limit`.
 */
export async function globalSearch(
  db: Db,
  site: Site,
  prefix: string,
  limit: number,
  now = new Date(),
): Promise<SearchSuggestion[]> {
  const onSite = inArray(packages.id, onSaleIds(db, site));

  const [destinations, packageRows, dealRows, categoryRows] = await Promise.all([
    db
      .select({ id: cities.id, name: cities.name, country: countries.name })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(
        and(
          eq(cities.isDestination, true),
          or(wordStartsWith(cities.name, prefix), wordStartsWith(countries.name, prefix)),
        ),
      )
      .orderBy(asc(cities.name))
      .limit(limit),
    packageCardQuery(db, site)
      .where(or(wordStartsWith(packages.title, prefix), wordStartsWith(cities.name, prefix)))
      .orderBy(desc(packages.featured), desc(packages.rating), asc(packages.id))
      .limit(limit),
    db
      .select({
        title: deals.title,
        categorySlug: dealCategories.slug,
        categoryName: dealCategories.name,
        percent: deals.discountPercent,
      })
      .from(deals)
      .innerJoin(dealCategories, eq(dealCategories.id, deals.categoryId))
      .leftJoin(packages, eq(packages.id, deals.packageId))
      .where(
        and(
          gte(deals.validTo, now),
          or(isNull(deals.startsAt), lte(deals.startsAt, now)),
          or(isNull(deals.packageId), onSite),
          wordStartsWith(deals.title, prefix),
        ),
      )
      .orderBy(desc(deals.discountPercent), asc(deals.id))
      .limit(limit),
    db
      .select({ name: dealCategories.name, slug: dealCategories.slug })
      .from(dealCategories)
      .where(wordStartsWith(dealCategories.name, prefix))
      .orderBy(asc(dealCategories.id))
      .limit(limit),
  ]);

  const groups: SearchSuggestion[][] = [
    destinations.map((d) => ({
      type: 'destination',
      label: d.name,
      detail: d.country,
      url: `/holidays?cityId=${d.id}`,
    })),
    packageRows.map((p) => ({
      type: 'package',
      label: p.title,
      detail: `${p.cityName} · ${p.nights} night${p.nights === 1 ? '' : 's'}`,
      url: `/holidays/${p.slug}`,
    })),
    [
      ...categoryRows.map((c): SearchSuggestion => ({
        type: 'deal',
        label: c.name,
        detail: 'Seasonal deals',
        url: `/deals/${c.slug}`,
      })),
      ...dealRows.map((d): SearchSuggestion => ({
        type: 'deal',
        label: d.title,
        detail: `${d.percent}% off · ${d.categoryName}`,
        url: `/deals/${d.categorySlug}`,
      })),
    ],
  ];
  return fairShare(groups, limit);
}

/** Takes round-robin from each group until `limit`, then keeps the groups' order. */
function fairShare<T>(groups: T[][], limit: number): T[] {
  const taken = groups.map(() => 0);
  let total = 0;
  let progress = true;
  while (total < limit && progress) {
    progress = false;
    for (let i = 0; i < groups.length && total < limit; i++) {
      if (taken[i]! < groups[i]!.length) {
        taken[i]!++;
        total++;
        progress = true;
      }
    }
  }
  return groups.flatMap((g, i) => g.slice(0, taken[i]));
}
