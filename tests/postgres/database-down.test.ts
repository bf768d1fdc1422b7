import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE } from '../../server/lib/faults.ts';
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';

/*
 * The database goes away under a serving shop (issue 33): its server is stopped as an operator
 * would (pg_ctl stop: the pool's connections are told admin_shutdown, new ones are refused). The
 * API answers 503 with Retry-After and the envelope, not 500; the log says so once, not per
 * request; when the server is back the shop answers again and the log says that once too.
 *
 * A cluster of its own (Debian's binaries, scripts/throwaway-postgres.ts), so that stopping it
 * touches no other test's database.
 */

const canRun = postgresBin() !== null;
let cluster: ThrowawayPostgres;
let shop: ServerProcess;

beforeAll(async () => {
  if (!canRun) return;
  cluster = await startThrowawayPostgres();
  shop = await spawnServer({ DATABASE_URL: cluster.url, DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  cluster?.stop();
}, 60_000);

/** A call that reads the database every time (a guest's cart: personal, never a shared answer). */
async function getCart() {
  const res = await fetch(`${shop.origin}/api/Common/GetCart`, {
    method: 'POST',
    headers: { country: 'UAE', 'content-type': 'application/json' },
    body: JSON.stringify({ tempUserId: randomUUID() }),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { status: string; message: string; data: unknown },
  };
}

/** The JSON log lines whose message matches. */
const logLines = (pattern: RegExp) =>
  shop
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => pattern.test(line.msg));

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} within ${ms} ms\n${shop.output().slice(-4000)}`);
}

describe.runIf(canRun)('the database server stopped under a serving shop', () => {
  it('answers 503 with Retry-After and a plain message, logged once; when it is back, 200 again and one line saying so', async () => {
    expect((await getCart()).status).toBe(200);

    cluster.halt();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await getCart());
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({ status: 'error', message: DATABASE_BUSY_MESSAGE, data: null });
    }
    const ready = await fetch(`${shop.origin}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    // Another second of requests and of the shop's own timers (the content check runs every second).
    await new Promise((r) => setTimeout(r, 1200));
    for (let i = 0; i < 3; i++) expect((await getCart()).status).toBe(503);

    const warnings = logLines(/^The database cannot be reached/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(logLines(/^request failed$/)).toHaveLength(0);
    // Nor a line a second from the shop's own jobs (the content check, the mail outbox).
    expect(logLines(/^reading the content version failed$/)).toHaveLength(0);
    expect(logLines(/^the mail outbox failed$/)).toHaveLength(0);

    cluster.resume();
    await until(async () => (await getCart()).status === 200, 20_000, 'the shop did not answer 200 again');
    await until(
      async () => logLines(/^The database answers again$/).length === 1,
      5_000,
      'no line said the database was back',
    );
    expect(logLines(/^The database answers again$/)[0]!.level).toBe(30);
    expect((await fetch(`${shop.origin}/api/ready`)).status).toBe(200);
    expect(logLines(/^The database cannot be reached/)).toHaveLength(1);
  }, 90_000);
});
