import { eq, like, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import type { Mailer } from '../../server/services/mail.ts';
import { enqueueMail, LEASE_SECONDS, startOutbox } from '../../server/services/outbox.ts';
import { stopWhileSending, type OutboxRow } from '../support/outbox-stop.ts';
import { serversOnDataFolder } from '../support/server-process.ts';
import { openTestDatabase } from '../support/test-database.ts';

// Stopping while the outbox sends (issue 33): the outbox stops and its mail in flight is marked sent
// before the database closes, so no mail goes out twice. tests/postgres/outbox-stop.test.ts runs
// the same round on Postgres.

const servers = serversOnDataFolder('shop-outbox-stop');
const { dataDir } = servers;

let made = false;
/** The data folder, opened while no server runs on it (made the first time, from the run's seeded template). */
async function onFolder<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const template = made ? undefined : inject('pgliteTemplates');
  const database = await openDatabase({
    dataDir,
    loadDataDir: template ? new Blob([readFileSync(template.seeded)]) : undefined,
  });
  try {
    if (!made && !template) await database.migrate();
    made = true;
    return await work(database);
  } finally {
    await database.close();
  }
}

const rows = async (d: Database): Promise<OutboxRow[]> =>
  (await d.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'stop:%')).orderBy(mailOutbox.id)).map(
    (r) => ({ dedupe_key: r.dedupeKey!, status: r.status, attempts: r.attempts }),
  );

describe('SIGTERM while the outbox is sending, on PGlite', () => {
  it('marks the mail in flight sent before the database closes: every mail arrives once', async () => {
    await stopWhileSending((env) => servers.start(env), {
      queue: (mails) =>
        onFolder((d) =>
          d.db.transaction(async (tx) => {
            for (const m of mails)
              await enqueueMail(tx, {
                kind: 'test',
                dedupeKey: m.dedupeKey,
                message: { to: m.to, subject: m.subject, text: 'Once.' },
              });
          }),
        ),
      rows: () => onFolder(rows),
      rowsThenEndLeases: () =>
        onFolder(async (d) => {
          const found = await rows(d);
          await d.db
            .update(mailOutbox)
            .set({ nextAttemptAt: sql`now()` })
            .where(eq(mailOutbox.status, 'pending'));
          return found;
        }),
    });
  }, 180_000);
});

describe("the outbox worker's stop", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ seed: false });
  });
  afterAll(() => database?.close());

  const row = async (dedupeKey: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)))[0]!;
  const slowMailer = (ms: number): Mailer => ({ live: true, send: () => new Promise((r) => setTimeout(r, ms)) });
  const recorder = () => {
    const logged: string[] = [];
    return {
      logged,
      warn: (_: object, msg?: string) => void logged.push(`warn: ${msg}`),
      error: (_: object, msg?: string) => void logged.push(`error: ${msg}`),
    };
  };
  const queueAndWaitForTake = async (key: string, worker: ReturnType<typeof startOutbox>) => {
    await database.db.transaction((tx) =>
      enqueueMail(tx, {
        kind: 'test',
        dedupeKey: key,
        message: { to: `${key.replace(':', '.')}@example.com`, subject: key, text: key },
      }),
    );
    worker.kick();
    while ((await row(key)).attempts === 0) await new Promise((r) => setTimeout(r, 10));
  };

  it('waits for the mail being sent and marks it sent, then takes no more', async () => {
    const log = recorder();
    const worker = startOutbox(database.db, slowMailer(600), log, null, 600_000);
    await queueAndWaitForTake('stop-wait:1', worker);
    await database.db.transaction((tx) =>
      enqueueMail(tx, {
        kind: 'test',
        dedupeKey: 'stop-wait:2',
        message: { to: 'w2@example.com', subject: 'w2', text: 'w2' },
      }),
    );
    await worker.stop();
    expect(await row('stop-wait:1')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row('stop-wait:2')).toMatchObject({ status: 'pending', attempts: 0 });
    worker.kick();
    await worker.flush();
    expect(await row('stop-wait:2')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(log.logged).toEqual([]);
  });

  it('gives up on a mail still unanswered after its wait: left to its lease, and its late end is not logged', async () => {
    const log = recorder();
    const worker = startOutbox(database.db, slowMailer(1500), log, null, 600_000);
    await queueAndWaitForTake('stop-late:1', worker);
    const stopping = Date.now();
    await worker.stop(300);
    expect(Date.now() - stopping).toBeLessThan(1200);
    const leased = await row('stop-late:1');
    expect(leased).toMatchObject({ status: 'pending', attempts: 1 });
    expect(leased.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + (LEASE_SECONDS - 60) * 1000);
    expect(log.logged).toEqual([
      `warn: the mail outbox stopped with a mail still being sent after 0.3 s: it goes out again when its lease ends (${LEASE_SECONDS} s)`,
    ]);
    // Its answer comes after the stop: it is marked sent still (the database is open here).
    await expect.poll(() => row('stop-late:1'), { timeout: 5000 }).toMatchObject({ status: 'sent' });
    expect(log.logged).toHaveLength(1);
  });
});
