import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { PreparingPGlite } from './pglite.ts';
import * as schema from './schema.ts';
import { seed } from './seed.ts';

/*
 * Migration 0024 (decision 0116) on a database the release before left: the catalogue's prices, the cart's lines,
 * the holds and the coupons' amounts were whole units; after it they are fils and paise, converted once.
 */

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'wl-migrations-0024-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0024. */
function foldersBefore0024(): string {
  mkdirSync(join(before, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < 24);
  for (const e of journal.entries) copyFileSync(join(migrations, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  return before;
}

type Amounts = Record<string, unknown>[];

describe('migration 0024 (every amount in the smallest unit)', () => {
  it('multiplies the whole-unit amounts by 100, once: prices, cart lines, holds, coupons, kept answers', async () => {
    const client = new PreparingPGlite();
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    const rows = async (query: ReturnType<typeof sql>) => (await db.execute<Record<string, unknown>>(query)).rows;
    try {
      await migrate(db as never, { migrationsFolder: foldersBefore0024() });
      // The demo catalogue as this release writes it, then taken back to whole units as the release before kept it.
      await seed(db);
      const minorPrices = await rows(
        sql`select package_id, site, amount, compare_at from package_prices order by 1, 2`,
      );
      const minorCoupons = await rows(
        sql`select slug, flat_aed, flat_inr, max_discount_aed, max_discount_inr, min_cart_aed, min_cart_inr from coupons order by slug`,
      );
      await db.execute(sql`update package_prices set amount = amount / 100, compare_at = compare_at / 100`);
      await db.execute(sql`update coupons set flat_aed = flat_aed / 100, flat_inr = flat_inr / 100,
        max_discount_aed = max_discount_aed / 100, max_discount_inr = max_discount_inr / 100,
        min_cart_aed = min_cart_aed / 100, min_cart_inr = min_cart_inr / 100`);
      const pkg = Number(minorPrices[0]!.package_id);
      // A cart line, a hold of it and the kept answers of both, in whole dirhams (AED 1,650 a night for two adults).
      await db.execute(sql`insert into cart_items (owner, site, currency, package_id, travel_date, adults, unit_price, total_price, client_id)
        values ('guest:abcdefgh', 'UAE', 'AED', ${pkg}, '2027-01-10', 2, 1650, 3300, 'line-1')`);
      const line = { CartId: 1, clientId: 'line-1', packageId: pkg, unitPrice: 1650, totalPrice: 3300, adults: 2 };
      await db.execute(sql`insert into temp_bookings (id, owner, site, currency, items, total, hold_expires_at)
        values (7, 'guest:abcdefgh', 'UAE', 'AED', ${JSON.stringify([line])}::jsonb, 3300, now() + interval '1 hour')`);
      const hold = { TempBookingId: 7, items: [line], total: 3300, status: 'held' };
      const booking = { BookingId: 3, Total: 346_500 };
      await db.execute(sql`insert into idempotency_keys (owner, key, request_hash, status_code, response) values
        ('guest:abcdefgh', 'k-cart', 'h1', 200, ${JSON.stringify({ status: 'success', message: 'Added.', data: line })}::jsonb),
        ('guest:abcdefgh', 'k-hold', 'h2', 200, ${JSON.stringify({ status: 'success', message: 'Held.', data: hold })}::jsonb),
        ('user:1', 'k-book', 'h3', 200, ${JSON.stringify({ status: 'Success', message: 'Booked.', data: booking })}::jsonb),
        ('user:1', 'k-refused', 'h4', 409, ${JSON.stringify({ status: 'error', message: 'No.', data: null })}::jsonb)`);

      await migrate(db as never, { migrationsFolder: migrations });
      // Run again as every start does: 0024 is recorded as applied and converts nothing a second time.
      await migrate(db as never, { migrationsFolder: migrations });

      expect(await rows(sql`select package_id, site, amount, compare_at from package_prices order by 1, 2`)).toEqual(
        minorPrices,
      );
      expect(
        await rows(
          sql`select slug, flat_aed, flat_inr, max_discount_aed, max_discount_inr, min_cart_aed, min_cart_inr from coupons order by slug`,
        ),
      ).toEqual(minorCoupons);
      expect(await rows(sql`select unit_price, total_price from cart_items`)).toEqual([
        { unit_price: 165_000, total_price: 330_000 },
      ]);
      const inMinor = { ...line, unitPrice: 165_000, totalPrice: 330_000 };
      expect(await rows(sql`select items, total from temp_bookings`)).toEqual([{ items: [inMinor], total: 330_000 }]);
      const kept = (await rows(sql`select key, response from idempotency_keys order by key`)) as Amounts;
      expect(kept.map((k) => [k.key, (k.response as { data: unknown }).data])).toEqual([
        ['k-book', booking],
        ['k-cart', inMinor],
        ['k-hold', { ...hold, items: [inMinor], total: 330_000 }],
        ['k-refused', null],
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
