import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { killNineRound, type Inspect } from '../support/kill-nine.ts';

// kill -9 in the middle of cart writes and holds, on the embedded database (PGlite in DATA_DIR).
// tests/postgres/kill-nine.test.ts runs the same rounds on Postgres.

const dataDir = mkdtempSync(join(tmpdir(), 'shop-kill-nine-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Reads the data folder between two runs of the server (it is not running then). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.execute(query)).rows as T[];
  } finally {
    await database.close();
  }
}

const inspect: Inspect = {
  keys: () => rows(sql`select owner, key, status_code, response from idempotency_keys`),
  lines: () => rows(sql`select id, owner, client_id from cart_items`),
  holds: () => rows(sql`select id, owner, items, total from temp_bookings`),
};

describe('kill -9 on PGlite', () => {
  it('leaves no half-written rows, and every change sent again lands once', async () => {
    const counts = [];
    for (let round = 1; round <= 2; round++)
      counts.push(await killNineRound({ DATA_DIR: dataDir }, round, { whileStopped: inspect }));
    console.log(
      `kill -9 on PGlite: ${counts.map((c) => `${c.beforeKill} answered before the kill, ${c.afterKill.lines} lines and ${c.afterKill.holds} holds found after it`).join('; ')}`,
    );
    expect(counts.every((c) => c.beforeKill >= 5)).toBe(true);
  }, 180_000);
});
