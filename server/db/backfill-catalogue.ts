/**
 * What a newer build needs of the demo catalogue, filled into a database an older build seeded
 * (decision 0093): run at every start after the migrations and the seed, and by `npm run db:seed`.
 *
 * The seed loads the demo catalogue only into a database without packages (decision 0061), so a
 * database seeded by an older build never received the columns later builds gave the demo packages
 * (their stays, their room limits) and the demo coupons (their way of paying); without stays a
 * published package refuses every change, its price too. This fills them in:
 *
 * - only on the demo's own rows, still as the demo made them (a package with the demo's id and
 *   slug and its number of nights; a coupon with the demo's slug);
 * - only where the value is still empty or the column's default (stays `[]`; 3 adults and 4 people
 *   a room; no way of paying);
 * - never where staff set the value themselves: a package or coupon whose audited update changed
 *   that field keeps it, even when they set it back to the default.
 *
 * Idempotent: a second run finds nothing to fill and changes nothing. One transaction under an
 * advisory lock, so two processes starting together against one Postgres fill in once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { CATALOGUE } from './seed-data/catalogue.ts';
import { COUPONS } from './seed-data/coupons.ts';

/** Arbitrary constant key for pg_advisory_xact_lock ("bkfl" in hex). */
const BACKFILL_LOCK_KEY = 0x626b666c;

/** How many rows each back-fill changed (all 0 on a database that needs nothing). */
export interface CatalogueBackfill {
  stays: number;
  rooms: number;
  coupons: number;
}

/** A package field staff changed through the back office (its audited update's before and after differ). */
const staffChanged = (fields: string[]) =>
  sql.raw(`exists (select 1 from audit_log a where a.record_type = 'package' and a.record_id = p.id::text and a.action = 'package.update'
    and (${fields.map((f) => `a.before -> '${f}' is distinct from a.after -> '${f}'`).join(' or ')}))`);

export async function backfillCatalogue(db: Db): Promise<CatalogueBackfill> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK_KEY})`);

    // Each package's own stays (issue 22): where none are set, on a demo package with the demo's nights (so the stays
    // add up).
    const stays = await tx.execute(sql`
      update packages p set stays = v.stays::jsonb, updated_at = now()
      from (values ${sql.join(
        CATALOGUE.packages.map(
          (r) => sql`(${r.id!}::int, ${r.slug}::text, ${r.nights}::int, ${JSON.stringify(r.stays)}::text)`,
        ),
        sql`, `,
      )}) as v(id, slug, nights, stays)
      where p.id = v.id and p.slug = v.slug and p.nights = v.nights and p.stays = '[]'::jsonb
        and not ${staffChanged(['stays'])}
      returning p.id`);

    // Occupancy per room (issue 19; migration 0005 gave every row 3 adults / 4 people): the demo's own where still at
    // that default.
    const limits = CATALOGUE.packages.filter((p) => p.maxAdultsPerRoom !== 3 || p.maxPeoplePerRoom !== 4);
    const rooms = limits.length
      ? await tx.execute(sql`
          update packages p set max_adults_per_room = v.adults, max_people_per_room = v.people, updated_at = now()
          from (values ${sql.join(
            limits.map(
              (r) => sql`(${r.id!}::int, ${r.slug}::text, ${r.maxAdultsPerRoom!}::int, ${r.maxPeoplePerRoom!}::int)`,
            ),
            sql`, `,
          )}) as v(id, slug, adults, people)
          where p.id = v.id and p.slug = v.slug and p.max_adults_per_room = 3 and p.max_people_per_room = 4
            and not ${staffChanged(['maxAdultsPerRoom', 'maxPeoplePerRoom'])}
          returning p.id`)
      : { rows: [] };

    // Coupons tied to a way of paying (issue 19), on databases seeded before the column existed.
    const bound = COUPONS.filter((c) => c.paymentMethod);
    const coupons = bound.length
      ? await tx.execute(sql`
          update coupons c set payment_method = v.method, payment_bank = v.bank
          from (values ${sql.join(
            bound.map((c) => sql`(${c.slug}::text, ${c.paymentMethod!}::text, ${c.paymentBank ?? null}::text)`),
            sql`, `,
          )}) as v(slug, method, bank)
          where c.slug = v.slug and c.payment_method is null
            and not exists (select 1 from audit_log a where a.record_type = 'coupon' and a.record_id = c.id::text and a.action = 'coupon.update'
              and (a.before -> 'paymentMethod' is distinct from a.after -> 'paymentMethod' or a.before -> 'paymentBank' is distinct from a.after -> 'paymentBank'))
          returning c.id`)
      : { rows: [] };

    return { stays: stays.rows.length, rooms: rooms.rows.length, coupons: coupons.rows.length };
  });
}
