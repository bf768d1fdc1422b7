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

/** The server processes the first one started (not other children, such as a compiler service tsx may start). */
const children = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'api-server'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

beforeAll(() => createDatabase(server, name, TEMPLATE.seeded));
afterAll(async () => {
  await primary?.stop('SIGKILL');
  await dropDatabase(server, name);
});

describe('several processes', () => {
  it('WEB_CONCURRENCY=2 serves from two processes; one that dies is replaced; SIGTERM stops them all', async () => {
    primary = await spawnServer({ DATABASE_URL: databaseUrl(server, name), DATA_DIR: 'memory://', WEB_CONCURRENCY: '2' });
    await expect.poll(() => children(primary!.child.pid!).length, { timeout: 60_000 }).toBe(2);
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${primary!.origin}/api/Common/GetCountry`, { headers: { country: 'UAE' } }).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);

    const [first] = children(primary.child.pid!);
    process.kill(first!, 'SIGKILL');
    const replaced = () => children(primary!.child.pid!).filter((p) => p !== first);
    await expect.poll(() => replaced().length, { timeout: 60_000 }).toBe(2);
    await expect.poll(async () => (await fetch(`${primary!.origin}/api/ready`)).status, { timeout: 60_000 }).toBe(200);
    expect(primary.output()).toContain('A server process stopped (SIGKILL); starting another.');

    const pids = children(primary.child.pid!);
    expect(await primary.stop('SIGTERM')).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000);
});
