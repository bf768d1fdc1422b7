import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/server-process.ts';

// A port already taken is found at start, before the data folder is created and migrated (issue 33).

const work = mkdtempSync(join(tmpdir(), 'shop-port-in-use-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a port already in use', () => {
  it('stops the start with one line, and no data folder is made', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = join(work, 'data');
    try {
      const server = await spawnServer({ DATA_DIR: dataDir }, { ready: false, port });
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
      const code = await server.exited;
      clearTimeout(timer);
      expect(code, server.output()).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use: stop the other process or set PORT.`);
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  }, 90_000);
});
