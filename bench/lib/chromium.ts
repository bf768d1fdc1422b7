import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.ts';

export const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface RunningChromium {
  /** DevTools port, as Lighthouse's `port` flag wants it. */
  port: number;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with a throw-away profile. Started by hand rather than through
 * chrome-launcher so the flags are exactly the ones we choose.
 */
export async function launchChromium(): Promise<RunningChromium> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'travel-shop-chromium-'));
  const child = spawn(
    CHROME_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(profile, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, close };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await close();
  throw new Error(`Chromium at ${CHROME_PATH} did not open its DevTools port.`);
}
