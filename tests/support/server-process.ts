import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from '../../bench/lib/server.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  port: number;
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (SIGKILL after 15 s). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the API server (tests/support/api-server.mjs: the real start-up, no web front end) as its
 * own process, compiled as production runs it (dist/node, brought up to date by the global setup
 * tests/support/compiled-server-setup.ts). Resolves once it answers /api/ready, or, with `ready: false`, at once.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { ready?: boolean; port?: number; web?: boolean } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  // `web`: the whole shop with its pages and assets (dist/node/server/main.js, as `npm start` runs it: needs the
  // build).
  const child = spawn(process.execPath, [opts.web ? 'dist/node/server/main.js' : 'tests/support/api-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      return child.exitCode;
    },
  };
  if (opts.ready === false) return server;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${out}`);
    try {
      if ((await fetch(`${server.origin}/api/ready`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`The server was not ready within 60 s:\n${out}`);
}

/**
 * For a test file: a fresh data folder, and `start` for servers on it (DATA_DIR set), every one
 * killed and the folder removed after the file's tests.
 */
export function serversOnDataFolder(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    async start(env: Record<string, string> = {}, opts: { ready?: boolean } = {}) {
      const server = await spawnServer({ DATA_DIR: dataDir, ...env }, opts);
      running.push(server);
      return server;
    },
  };
}
