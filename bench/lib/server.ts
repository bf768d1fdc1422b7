import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface RunningServer {
  origin: string;
  port: number;
  /** The server process (its memory can be read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The build the production server will serve (DIST_DIR, default dist). */
export function distDir(): string {
  return resolve(ROOT, process.env.DIST_DIR || 'dist');
}

/** The compiled server (`npm run build` writes it; `npm start` runs it). */
export const SERVER_MAIN = 'dist/node/server/main.js';

export function assertBuilt(): void {
  const manifest = join(distDir(), 'client/.vite/manifest.json');
  const serverEntry = join(distDir(), 'server/entry-server.js');
  if (!existsSync(manifest) || !existsSync(serverEntry) || !existsSync(join(ROOT, SERVER_MAIN))) {
    throw new Error(
      `No production build in ${distDir()}: run \`${process.env.DIST_DIR ? `DIST_DIR=${process.env.DIST_DIR} ` : ''}npm run build\` first.`,
    );
  }
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready within ${timeoutMs / 1000} s.`);
}

/**
 * Starts the production server (`node dist/node/server/main.js`) on a free port with a fresh
 * embedded database in a temporary folder, as `npm start` would after its build. `env` adds to or
 * overrides its environment (a DATABASE_URL, WEB_CONCURRENCY, SMTP_URL ...).
 */
export async function startProductionServer(
  opts: { port?: number; log?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  assertBuilt();
  const port = opts.port ?? (await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'travel-shop-bench-'));
  const origin = `http://localhost:${port}`;
  // BENCH_SERVER_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`;
  // node:cluster passes them on to the server processes), as NODE_OPTIONS refuses the profiler's.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    cwd: ROOT,
    stdio: opts.log ? 'inherit' : ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, 90_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${stderr}`);
  }
  return { origin, port, pid: child.pid!, stop };
}
