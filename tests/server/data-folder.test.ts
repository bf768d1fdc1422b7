import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';

// Two servers on one embedded database corrupt it: the second refuses to start, with a message.

const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-folder-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one data folder, one server', () => {
  it('a second server on the same DATA_DIR stops with a message; after a kill -9 of the first, a new one starts', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    running.push(first);
    const second = await spawnServer({ DATA_DIR: dataDir }, { ready: false });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another server (process ${first.child.pid}).`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first is untouched.
    expect((await fetch(`${first.origin}/api/ready`)).status).toBe(200);

    await first.stop('SIGKILL');
    const third = await spawnServer({ DATA_DIR: dataDir });
    running.push(third);
    expect((await fetch(`${third.origin}/api/ready`)).status).toBe(200);
  }, 120_000);
});

describe('several processes need Postgres', () => {
  it('WEB_CONCURRENCY=2 on the embedded database stops with a message', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: '2' }, { ready: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_CONCURRENCY: 2 processes need DATABASE_URL');
  });
});
