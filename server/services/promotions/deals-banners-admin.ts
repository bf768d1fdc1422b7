import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminBanner,
  AdminDeal,
  AdminDealList,
  NewBanner,
  NewDeal,
  UploadedPicture,
} from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { banners, dealCategories, deals, packages } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { slugOf } from '../../lib/slug.ts';
import {
  BANNER_PICTURE,
  PACKAGE_PICTURE,
  pictureStored,
  sizePicture,
  storePicture,
  type PictureShape,
} from '../catalogue/images-admin.ts';
import type { FileStore } from '../file-store.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';

/*
 * Deals and banners in the back office (issue 21): create (with a picture uploaded first, checked
 * and resized as package pictures are), edit, order (sort, smallest first) and schedule
 * (a start, and an end). The shop shows only live ones (server/services/promotions/deals.ts, content.ts); the
 * tables' triggers bump the content version so cached pages clear at once, and a scheduled start
 * shows within the caches' minute.
 */

type DealRow = typeof deals.$inferSelect;
type BannerRow = typeof banners.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDeal(d: DealRow, category: string, now: Date): AdminDeal {
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    description: d.description,
    image: d.image,
    category,
    packageId: d.packageId,
    discountPercent: d.discountPercent,
    sort: d.sort,
    startsAt: iso(d.startsAt),
    validTo: d.validTo.toISOString(),
    live: (d.startsAt === null || d.startsAt <= now) && d.validTo >= now,
  };
}

function toBanner(b: BannerRow, now: Date): AdminBanner {
  return {
    id: b.id,
    bannerType: b.bannerType,
    site: b.site as AdminBanner['site'],
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    link: b.link,
    sort: b.sort,
    startsAt: iso(b.startsAt),
    endsAt: iso(b.endsAt),
    live: (b.startsAt === null || b.startsAt <= now) && (b.endsAt === null || b.endsAt > now),
  };
}

const dealFields = (d: DealRow) => ({
  title: d.title,
  description: d.description,
  image: d.image,
  categoryId: d.categoryId,
  packageId: d.packageId,
  discountPercent: d.discountPercent,
  sort: d.sort,
  startsAt: iso(d.startsAt),
  validTo: d.validTo.toISOString(),
});
const bannerFields = (b: BannerRow) => ({
  title: b.title,
  subtitle: b.subtitle,
  link: b.link,
  image: b.image,
  site: b.site,
  sort: b.sort,
  startsAt: iso(b.startsAt),
  endsAt: iso(b.endsAt),
});

/** A deal's picture is a card's (3:2, as package pictures), a banner's the carousel's (2:1). */
const SHAPES: Record<'deal' | 'banner', PictureShape> = { deal: PACKAGE_PICTURE, banner: BANNER_PICTURE };

/**
 * Uploads a picture for a deal or a banner: checked and resized as package pictures are
 * (catalogue/images-admin.ts), stored, and audited; the answer's path is then given to the deal or
 * banner (a new one, or an edit).
 */
export async function uploadPromotionPicture(
  db: Db,
  store: FileStore,
  actor: Actor,
  kind: 'deal' | 'banner',
  content: Buffer,
  now: Date,
): Promise<UploadedPicture> {
  const picture = await sizePicture(content, SHAPES[kind]);
  return storePicture(db, store, picture, (tx) =>
    staffAction(tx, actor, now, async ({ audit }) => {
      await audit({ action: `${kind}.picture`, recordType: kind, recordId: null, after: { image: picture.path } });
      return { path: picture.path };
    }),
  );
}

async function checkPicture(db: Db, store: FileStore, kind: 'deal' | 'banner', path: string) {
  if (!(await pictureStored(db, store, path, SHAPES[kind])))
    throw invalid(
      `The picture is not one uploaded for a ${kind}: upload the picture first, then save the ${kind} with it.`,
    );
}

/** A new one's place in the order: first (a new promotion is what staff want seen; they reorder it after). */
async function firstSort(db: Db, kind: 'deal' | 'banner'): Promise<number> {
  const table = kind === 'deal' ? deals : banners;
  const [row] = await db.select({ least: sql<number>`coalesce(min(${table.sort}), 10)::int` }).from(table);
  return (row?.least ?? 10) - 10;
}

export async function listDeals(db: Db, now: Date): Promise<AdminDeal[]> {
  const rows = await db
    .select({ deal: deals, category: dealCategories.name })
    .from(deals)
    .innerJoin(dealCategories, eq(dealCategories.id, deals.categoryId))
    .orderBy(asc(deals.sort), asc(deals.validTo), asc(deals.id));
  return rows.map((r) => toDeal(r.deal, r.category, now));
}

/** The deals with what a new one is chosen from: the categories and the packages. */
export async function dealList(db: Db, now: Date): Promise<AdminDealList> {
  const [items, categories, pkgs] = await Promise.all([
    listDeals(db, now),
    db
      .select({ id: dealCategories.id, name: dealCategories.name })
      .from(dealCategories)
      .orderBy(asc(dealCategories.id)),
    db.select({ id: packages.id, title: packages.title }).from(packages).orderBy(asc(packages.title), asc(packages.id)),
  ]);
  return { items, categories, packages: pkgs };
}

/** A new deal, first in the order; live from its start (at once when none) on the sites its package is sold on. */
export async function createDeal(
  db: Db,
  store: FileStore,
  actor: Actor,
  input: NewDeal,
  now: Date,
): Promise<AdminDeal> {
  const startsAt = input.startsAt === null ? null : new Date(input.startsAt);
  const validTo = new Date(input.validTo);
  if (startsAt && startsAt >= validTo) throw invalid('The deal must end after it starts: check Starts and Ends.');
  if (validTo <= now) throw invalid('The deal must end in the future: check Ends.');
  await checkPicture(db, store, 'deal', input.image);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [cat] = await tx
      .select({ name: dealCategories.name })
      .from(dealCategories)
      .where(eq(dealCategories.id, input.categoryId))
      .limit(1);
    if (!cat) throw invalid('Choose one of the deal categories.');
    if (input.packageId !== null) {
      const [pkg] = await tx
        .select({ id: packages.id })
        .from(packages)
        .where(eq(packages.id, input.packageId))
        .limit(1);
      if (!pkg) throw invalid('Choose one of the packages, or none.');
    }
    let slug = slugOf(input.title) || 'deal';
    const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from deals where slug = ${slug}`);
    if (rows[0]?.n) slug = `${slug}-${now.getTime().toString(36)}`;
    const [taken] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.slug, slug)).limit(1);
    if (taken) throw conflict('A deal with this title was just created: reload the page.');
    const [row] = await tx
      .insert(deals)
      .values({
        slug,
        title: input.title,
        description: input.description,
        image: input.image,
        categoryId: input.categoryId,
        packageId: input.packageId,
        discountPercent: input.discountPercent,
        startsAt,
        validTo,
        sort: await firstSort(tx, 'deal'),
      })
      .returning();
    await audit({ action: 'deal.create', recordType: 'deal', recordId: row!.id, after: dealFields(row!) });
    return toDeal(row!, cat.name, now);
  });
}

export interface DealChange {
  image?: string;
  title?: string;
  description?: string;
  discountPercent?: number;
  sort?: number;
  startsAt?: string | null;
  validTo?: string;
}

export async function updateDeal(
  db: Db,
  store: FileStore,
  actor: Actor,
  id: number,
  change: DealChange,
  now: Date,
): Promise<AdminDeal> {
  if (change.image !== undefined) await checkPicture(db, store, 'deal', change.image);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(deals).where(eq(deals.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no deal with this id.');
    const startsAt =
      change.startsAt === undefined ? before.startsAt : change.startsAt === null ? null : new Date(change.startsAt);
    const validTo = change.validTo === undefined ? before.validTo : new Date(change.validTo);
    if (startsAt && startsAt >= validTo) throw invalid('The deal must end after it starts: check Starts and Ends.');
    const { startsAt: _s, validTo: _v, ...rest } = change;
    const [row] = await tx
      .update(deals)
      .set({ ...rest, startsAt, validTo })
      .where(eq(deals.id, id))
      .returning();
    await audit({
      action: 'deal.update',
      recordType: 'deal',
      recordId: id,
      before: dealFields(before),
      after: dealFields(row!),
    });
    const [cat] = await tx
      .select({ name: dealCategories.name })
      .from(dealCategories)
      .where(eq(dealCategories.id, row!.categoryId));
    return toDeal(row!, cat?.name ?? '', now);
  });
}

export async function listBanners(db: Db, now: Date): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.bannerType), asc(banners.sort), asc(banners.id));
  return rows.map((b) => toBanner(b, now));
}

/** A new banner, first in its order; shown from its start (at once when none). */
export async function createBanner(
  db: Db,
  store: FileStore,
  actor: Actor,
  input: NewBanner,
  now: Date,
): Promise<AdminBanner> {
  const startsAt = input.startsAt === null ? null : new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  if (startsAt && endsAt && startsAt >= endsAt)
    throw invalid('The banner must end after it starts: check Starts and Ends.');
  if (endsAt && endsAt <= now) throw invalid('The banner must end in the future, or never: check Ends.');
  await checkPicture(db, store, 'banner', input.image);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [row] = await tx
      .insert(banners)
      .values({
        bannerType: input.bannerType,
        site: input.site,
        title: input.title,
        subtitle: input.subtitle,
        image: input.image,
        link: input.link,
        startsAt,
        endsAt,
        sort: await firstSort(tx, 'banner'),
      })
      .returning();
    await audit({
      action: 'banner.create',
      recordType: 'banner',
      recordId: row!.id,
      after: { bannerType: row!.bannerType, ...bannerFields(row!) },
    });
    return toBanner(row!, now);
  });
}

export interface BannerChange {
  image?: string;
  title?: string;
  subtitle?: string;
  link?: string;
  site?: 'UAE' | 'IN' | null;
  sort?: number;
  startsAt?: string | null;
  endsAt?: string | null;
}

export async function updateBanner(
  db: Db,
  store: FileStore,
  actor: Actor,
  id: number,
  change: BannerChange,
  now: Date,
): Promise<AdminBanner> {
  if (change.image !== undefined) await checkPicture(db, store, 'banner', change.image);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update').limit(1);
    if (!before) throw notFound('There is no banner with this id.');
    const date = (v: string | null | undefined, was: Date | null) =>
      v === undefined ? was : v === null ? null : new Date(v);
    const startsAt = date(change.startsAt, before.startsAt);
    const endsAt = date(change.endsAt, before.endsAt);
    if (startsAt && endsAt && startsAt >= endsAt)
      throw invalid('The banner must end after it starts: check Starts and Ends.');
    const { startsAt: _s, endsAt: _e, ...rest } = change;
    const [row] = await tx
      .update(banners)
      .set({ ...rest, startsAt, endsAt })
      .where(eq(banners.id, id))
      .returning();
    await audit({
      action: 'banner.update',
      recordType: 'banner',
      recordId: id,
      before: bannerFields(before),
      after: bannerFields(row!),
    });
    return toBanner(row!, now);
  });
}

/**
 * Puts deals or banners in this order (the first shown first): their sort becomes 10, 20, 30 …;
 * the ones not named keep theirs. One audit row for the whole move.
 */
export async function reorder(db: Db, actor: Actor, kind: 'deal' | 'banner', ids: number[], now: Date): Promise<void> {
  if (new Set(ids).size !== ids.length) throw invalid('Each one may appear once in the order.');
  const table = kind === 'deal' ? deals : banners;
  await staffAction(db, actor, now, async ({ tx, audit }) => {
    const found = await tx
      .select({ id: table.id, sort: table.sort })
      .from(table)
      .where(inArray(table.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound(`Some of these ${kind}s no longer exist: reload the page.`);
    for (const [i, id] of ids.entries())
      await tx
        .update(table)
        .set({ sort: (i + 1) * 10 })
        .where(eq(table.id, id));
    await audit({
      action: `${kind}.order`,
      recordType: kind,
      recordId: null,
      before: Object.fromEntries(found.map((f) => [f.id, f.sort])),
      after: Object.fromEntries(ids.map((id, i) => [id, (i + 1) * 10])),
    });
  });
}
