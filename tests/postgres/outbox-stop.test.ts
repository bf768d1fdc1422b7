import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { stopWhileSending, type OutboxRow } from '../support/outbox-stop.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';

// SIGTERM while the outbox is sending, on Postgres (issue 33): the mail in flight is marked sent
// before the pool ends, so no mail goes out twice. tests/server/outbox-stop.test.ts runs the same
// round on PGlite.

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_outbox_stop');
const url = databaseUrl(server, name);
let db: pg.Client;
const running: ServerProcess[] = [];

beforeAll(async () => {
  await createDatabase(server, name, TEMPLATE.seeded);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  await db?.end();
  await dropDatabase(server, name);
}, 60_000);

const rows = async () =>
  (
    await db.query<OutboxRow>(
      `select dedupe_key, status, attempts from mail_outbox where dedupe_key like 'stop:%' order by id`,
    )
  ).rows;

describe('SIGTERM while the outbox is sending, on Postgres', () => {
  it('marks the mail in flight sent before the pool ends: every mail arrives once', async () => {
    await stopWhileSending(
      async (env) => {
        const shop = await spawnServer({ DATABASE_URL: url, DATA_DIR: 'memory://', ...env });
        running.push(shop);
        return shop;
      },
      {
        async queue(mails) {
          for (const m of mails) {
            await db.query(`insert into mail_outbox (kind, dedupe_key, payload) values ('test', $1, $2)`, [
              m.dedupeKey,
              { to: m.to, subject: m.subject, text: 'Once.' },
            ]);
          }
        },
        rows,
        async rowsThenEndLeases() {
          const found = await rows();
          await db.query(`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
          return found;
        },
      },
    );
  }, 180_000);
});
