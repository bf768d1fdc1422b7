import { describe, expect, it } from 'vitest';
import { serversOnDataFolder } from '../support/server-process.ts';

// Two servers on one embedded database corrupt it: the second refuses to start, with a message.

const servers = serversOnDataFolder('shop-data-folder');
const { dataDir } = servers;

describe('one data folder, one server', () => {
  it('a second server on the same DATA_DIR stops with a message; after a kill -9 of the first, a new one starts', async () => {
    const first = await servers.start();
    const second = await servers.start({}, { ready: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another server (process ${first.child.pid}).`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first is untouched.
    expect((await fetch(`${first.origin}/api/ready`)).status).toBe(200);

    await first.stop('SIGKILL');
    const third = await servers.start();
    expect((await fetch(`${third.origin}/api/ready`)).status).toBe(200);
  }, 120_000);
});

describe('several processes need Postgres', () => {
  it('WEB_CONCURRENCY=2 on the embedded database stops with a message', async () => {
    const server = await servers.start({ WEB_CONCURRENCY: '2' }, { ready: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WEB_CONCURRENCY: 2 processes need DATABASE_URL');
  });
});
