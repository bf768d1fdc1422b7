import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';

// WEB_CONCURRENCY=2: two server processes share the port (node:cluster) and the database. Each
// process migrates, seeds and back-fills at start, so on a loaded machine (the Postgres suite runs
// two files at a time) a start can take most of a minute: the waits allow it.

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_procs');
let primary: ServerProcess | undefined;

/** The server processes the first one started (its cluster workers run tests/support/api-server.mjs too). */
/** A status, or 'hung' for a request that has no answer within 5 s (none should). */
const status = (origin: string, path: string) =>
  fetch(`${origin}${path}`, { headers: { country: 'UAE' }, signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    (err: Error) => (err.name === 'TimeoutError' ? 'hung' : 'refused'),
  );

const children = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'api-server'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

beforeAll(() => createDatabase(server, name, TEMPLATE.seeded));
afterAll(async () => {
  // SIGKILL ends the first process only: its processes would live on, on the database dropped below.
  const left = primary?.child.pid ? children(primary.child.pid) : [];
  await primary?.stop('SIGKILL');
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await dropDatabase(server, name);
});

describe('several processes', () => {
  it('WEB_CONCURRENCY=2 serves from two processes; one that dies is replaced; SIGTERM stops them all', async () => {
    primary = await spawnServer(
      { DATABASE_URL: databaseUrl(server, name), DATA_DIR: 'memory://', WEB_CONCURRENCY: '2' },
      { ready: false },
    );
    // Thirty callers knock from the first moment until the shop has been ready a second: each is
    // refused (nothing listens yet) or answered, never left waiting. A process's trial listen once
    // joined the port's round robin and left a request hanging (two starts in three, before the fix).
    const knocks: (number | string)[] = [];
    let readyAt = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (!readyAt || Date.now() - readyAt < 1_000) {
          const answer = await status(primary!.origin, '/api/ready');
          knocks.push(answer);
          if (answer === 200) readyAt ||= Date.now();
          if (knocks.length > 200_000 || primary!.child.exitCode !== null)
            throw new Error(`Not ready:\n${primary!.output()}`);
          await new Promise((r) => setTimeout(r, 5));
        }
      }),
    );
    expect(knocks.filter((s) => s === 'hung')).toEqual([]);
    await expect.poll(() => children(primary!.child.pid!).length, { timeout: 60_000 }).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => status(primary!.origin, '/api/Common/GetCountry')),
    );
    expect(answers.every((s) => s === 200)).toBe(true);

    const [first] = children(primary.child.pid!);
    process.kill(first!, 'SIGKILL');
    // While the other process starts, the one left answers every request: none is handed to the
    // starting process before it serves (its trial listen once did that, and such a request hung).
    const during: (number | string)[] = [];
    const replaced = () => children(primary!.child.pid!).filter((p) => p !== first);
    await expect
      .poll(
        async () => {
          during.push(
            ...(await Promise.all(Array.from({ length: 4 }, () => status(primary!.origin, '/api/Common/GetCountry')))),
          );
          return replaced().length;
        },
        { timeout: 60_000 },
      )
      .toBe(2);
    await expect.poll(() => status(primary!.origin, '/api/ready'), { timeout: 60_000 }).toBe(200);
    expect(during.filter((s) => s === 'hung')).toEqual([]);
    expect(primary.output()).toContain('A server process stopped (SIGKILL); starting another.');

    const pids = children(primary.child.pid!);
    expect(await primary.stop('SIGTERM')).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000);
});
