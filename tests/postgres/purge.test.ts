import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_LOCK_KEY, purgeExpired } from '../../server/services/purge.ts';
import { databaseUrl, openTestDatabase } from '../support/test-database.ts';
import type { Database } from '../../server/db/client.ts';

// With several servers on one Postgres, one purges at a time: the others skip the round.

let database: Database;
let other: pg.Client;

beforeAll(async () => {
  database = await openTestDatabase({ seed: false });
  const { rows } = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
  other = new pg.Client({ connectionString: databaseUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name) });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await database?.close();
});

describe('purgeExpired on a shared Postgres', () => {
  it('skips the round while another server purges, and purges once it is done', async () => {
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [PURGE_LOCK_KEY]);
    expect(await purgeExpired(database.db)).toBeNull();
    await other.query('commit');
    expect(await purgeExpired(database.db)).not.toBeNull();
  });
});
