import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serversOnDataFolder } from '../support/server-process.ts';

// SIGTERM: the server stops taking connections, answers the requests it has, closes the database
// (the data folder's lock is given back) and exits 0.

const servers = serversOnDataFolder('shop-shutdown');
const { dataDir } = servers;

describe('graceful shutdown', () => {
  it('finishes the requests in flight, refuses new ones, closes the database and exits 0', async () => {
    // At info level the server logs each request it has read: the signal waits for all of them.
    const server = await servers.start({ LOG_LEVEL: 'info' });
    // Sign-ins hash a password (tens of milliseconds each, four at a time): still running when the signal comes.
    const inFlight = Array.from({ length: 16 }, (_, i) =>
      fetch(`${server.origin}/api/Common/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', country: 'UAE' },
        body: JSON.stringify({ EmailorPhone: `nobody${i}@example.com`, Password: 'not the password' }),
      }).then(
        (res) => res.status,
        (err: Error) => `failed: ${err.message}`,
      ),
    );
    const received = () => server.output().split('"msg":"incoming request"').length - 1;
    while (received() < inFlight.length) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual(statuses.map(() => 401));
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.origin}/api/health`)).rejects.toThrow();
    // The database was closed: its lock is gone, and the next server opens it as it was left.
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    const next = await servers.start();
    expect((await fetch(`${next.origin}/api/ready`)).status).toBe(200);
  }, 120_000);
});
