import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparingPGlite } from './pglite.ts';

/*
 * Migration 0003 on a database that already has bookings: the confirmed ones get invoice numbers in
 * the order they were confirmed, one series per site, and the counters continue from there.
 */

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'wl-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0003. */
function foldersBefore0003(): string {
  mkdirSync(join(before, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < 3);
  for (const e of journal.entries) copyFileSync(join(migrations, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  return before;
}

describe('migration 0003 (invoices and suppliers)', () => {
  it('numbers the bookings confirmed before it, per site in order of confirmation, and the counters go on from there', async () => {
    const client = new PreparingPGlite();
    await client.waitReady;
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: foldersBefore0003() });
      await db.execute(sql`insert into users (id, email, name) values (1, 'old@example.com', 'Old Traveller')`);
      const rows: [number, string, string, string | null][] = [
        // id, site, status, confirmed at
        [1, 'UAE', 'confirmed', '2026-03-02T10:00:00Z'],
        [2, 'IN', 'confirmed', '2026-03-01T10:00:00Z'],
        [3, 'UAE', 'awaiting-payment', null],
        [4, 'UAE', 'confirmed', '2026-03-01T09:00:00Z'],
        [5, 'IN', 'confirmed', '2026-03-03T09:00:00Z'],
      ];
      for (const [id, site, status, confirmedAt] of rows) {
        await db.execute(sql`insert into temp_bookings (id, owner, site, currency, items, total, status, hold_expires_at)
          values (${id}, 'user:1', ${site}, 'AED', '[]'::jsonb, 100, 'booked', now())`);
        await db.execute(sql`insert into bookings (id, ref_id_key, user_id, site, currency, temp_booking_id, subtotal, total, payment_method, status, payment_status, confirmed_at)
          values (${id}, ${`WL-OLD${id}`}, 1, ${site}, 'AED', ${id}, 100, 100, 'pay-later', ${status}, 'unpaid', ${confirmedAt})`);
      }

      await migrate(db, { migrationsFolder: migrations });

      const { rows: numbered } = await db.execute<{
        id: number;
        invoice_number: string | null;
        invoiced_at: string | null;
      }>(sql`select id, invoice_number, invoiced_at::text from bookings order by id`);
      expect(numbered.map((r) => [r.id, r.invoice_number])).toEqual([
        [1, 'WLH-AE-000002'],
        [2, 'WLH-IN-000001'],
        [3, null],
        [4, 'WLH-AE-000001'],
        [5, 'WLH-IN-000002'],
      ]);
      expect(numbered[0]!.invoiced_at).toMatch(/^2026-03-02 10:00:00/);
      const { rows: counters } = await db.execute<{ site: string; last_number: number }>(
        sql`select site, last_number from invoice_counters order by site`,
      );
      expect(counters).toEqual([
        { site: 'IN', last_number: 2 },
        { site: 'UAE', last_number: 2 },
      ]);
    } finally {
      await client.close();
    }
  });
});
