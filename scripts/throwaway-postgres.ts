// A throwaway Postgres cluster for tests and benchmarks: Debian's server binaries, a fresh data
// directory in the temp folder, a local port, run as an unprivileged user (Postgres refuses to run
// as root: under root the cluster belongs to the `postgres` user the Debian package creates).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  /** postgres://shop@127.0.0.1:<port>/postgres: a superuser, trusted on the loopback address only. */
  url: string;
  /**
   * The same server over its Unix socket (in the cluster's folder): no loopback TCP stack on each
   * statement's write and read, which costs the client and Postgres CPU (the flash-sale bench uses it).
   */
  socketUrl: string;
  port: number;
  /**
   * Stops the server as an operator would (pg_ctl stop, fast: connected clients are told admin_shutdown), keeping its
   * data.
   */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  resume(): void;
  stop(): void;
}

export const INSTALL_HINT =
  "Install Debian's Postgres server (apt-get install -y postgresql) or set TEST_DATABASE_URL to a Postgres server the tests may create databases on.";

/** The newest installed server's bin folder (/usr/lib/postgresql/<version>/bin), or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a server binary as the cluster's user (root hands it to `postgres`). */
function runAs(user: string | null, command: string, args: string[]) {
  const [file, argv] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

export async function startThrowawayPostgres(opts: { port?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(`No Postgres server binaries under /usr/lib/postgresql. ${INSTALL_HINT}`);
  const user = userInfo().uid === 0 ? 'postgres' : null;
  const dir = mkdtempSync(join(tmpdir(), 'shop-postgres-'));
  const data = join(dir, 'data');
  if (user) {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = opts.port ?? (await freePort());
  runAs(user, join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'shop',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  // A test cluster: no durability work (the machine is not what is tested), room for two servers' pools.
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const startServer = () =>
    runAs(user, join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      settings,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  startServer();
  let stopped = false;
  let halted = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (!halted) runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const halt = () => {
    if (halted || stopped) return;
    runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    halted = true;
  };
  const resume = () => {
    if (!halted || stopped) return;
    startServer();
    halted = false;
  };
  return {
    url: `postgres://shop@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://shop@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    port,
    halt,
    resume,
    stop,
  };
}
