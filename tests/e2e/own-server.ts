import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A production server of a browser test file's own, on `port` with a fresh data folder, started
 * before its tests and removed after them, to stop and start again in between (the server of
 * playwright.config.ts is never restarted).
 */
export function ownServer(port: number, dataDir: string) {
  let server: ChildProcess | null = null;
  const origin = `http://localhost:${port}`;
  const own = {
    origin,
    get running() {
      return server !== null;
    },
    /** Starts it and waits until it is ready. */
    async start() {
      server = spawn(process.execPath, ['dist/node/server/main.js'], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      await expect
        .poll(async () => (await fetch(`${origin}/api/ready`).catch(() => null))?.status ?? 0, {
          timeout: 60_000,
          intervals: [100, 250],
        })
        .toBe(200);
    },
    /** Stops it with this signal (SIGKILL: no goodbye) and waits until it has gone. */
    async stop(signal: NodeJS.Signals = 'SIGKILL') {
      const s = server;
      if (!s) return;
      server = null;
      const exited = new Promise((r) => s.once('exit', r));
      s.kill(signal);
      await exited;
    },
  };
  test.beforeAll(async () => {
    // start() waits up to 60 s for the server to be ready: the hook gets that much, not the default 30 s.
    test.setTimeout(90_000);
    rmSync(dataDir, { recursive: true, force: true });
    await own.start();
  });
  test.afterAll(async () => {
    await own.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return own;
}
