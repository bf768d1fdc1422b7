import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killNineRound, type Inspect } from '../support/kill-nine.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';

// kill -9 in the middle of cart writes and holds, on Postgres (the same rounds as tests/server/kill-nine.test.ts).

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_kill');
let client: pg.Client;

beforeAll(async () => {
  await createDatabase(server, name, TEMPLATE.seeded);
  client = new pg.Client({ connectionString: databaseUrl(server, name) });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await dropDatabase(server, name);
});

const rows = async <T>(text: string) => (await client.query(text)).rows as T[];
const inspect: Inspect = {
  keys: () => rows('select owner, key, status_code, response from idempotency_keys'),
  lines: () => rows('select id, owner, client_id from cart_items'),
  holds: () => rows('select id, owner, items, total from temp_bookings'),
};

describe('kill -9 on Postgres', () => {
  it('leaves no half-written rows, and every change sent again lands once', async () => {
    const counts = [];
    for (let round = 1; round <= 3; round++) {
      counts.push(
        await killNineRound({ DATABASE_URL: databaseUrl(server, name), DATA_DIR: 'memory://' }, round, {
          beside: inspect,
        }),
      );
    }
    console.log(
      `kill -9 on Postgres: ${counts.map((c) => `${c.beforeKill} answered before the kill, ${c.afterKill.lines} lines and ${c.afterKill.holds} holds found after it`).join('; ')}`,
    );
    expect(counts.every((c) => c.beforeKill >= 5)).toBe(true);
  }, 180_000);
});
