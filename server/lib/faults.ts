import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DomainError } from './errors.ts';

/*
 * Faults an operator meets (issue 33): a full disk and an unreachable database, told apart from
 * bugs, so that the shop answers them in plain words (507 and 503 with Retry-After) and says what
 * is wrong at start, instead of "[object Object]" or a 500.
 */

/** A write that found no room: nothing was kept, and trying again will not help until space is freed. */
export const DISK_FULL_MESSAGE =
  'We could not save this: the shop has run out of storage space. Nothing was kept. Please try again later.';
/** The database could not be reached: a moment's wait usually mends it. */
export const DATABASE_BUSY_MESSAGE = 'The shop is busy for a moment: please try again in a few seconds.';
/** Seconds a client is told to wait (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_SECONDS = 5;
/** Free space under this is reported as low by /api/ready. */
export const LOW_SPACE_BYTES = 1024 ** 3;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  path?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The error and what it wraps (drizzle's DrizzleQueryError holds the driver's error as its cause; a connect to several
 * addresses is an AggregateError).
 */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  const e = err as ErrorLike;
  yield e;
  if (e.cause) yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Emscripten's errno numbers, which PGlite's file system throws as `ErrnoError { errno }` (no
 * message: printed as "[object Object]"): ENOSPC is 51, EDQUOT 19.
 */
const EMSCRIPTEN_DISK_FULL = new Set([51, 19]);

/**
 * No room left to write: Node's ENOSPC and EDQUOT, Postgres' disk_full (SQLSTATE 53100, "could not
 * extend file … No space left on device", also from PGlite), and PGlite's file system's ErrnoError.
 */
export function isDiskFull(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    if (e.name === 'ErrnoError' && typeof e.errno === 'number' && EMSCRIPTEN_DISK_FULL.has(e.errno)) return true;
    if (/no space left on device|disk quota exceeded|could not extend file/i.test(text(e.message))) return true;
  }
  return false;
}

/** Socket errors of a connection to the database server that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * Postgres' SQLSTATEs of a server going away or not taking connections: connection_exception
 * (08…), admin_shutdown (57P01), crash_shutdown (57P02), cannot_connect_now (57P03, starting or
 * stopping), too_many_connections (53300).
 */
const SERVER_GONE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
/** What node-postgres, its pool and PGlite say when there is no connection to use. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^PGlite is clos(ed|ing)/,
];

/** The database cannot be reached just now (down, restarting, the network cut, or closed): not a bug in the query. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = text(e.code);
    if (CONNECTION_CODES.has(code) || SERVER_GONE_STATES.has(code)) return true;
    const message = text(e.message);
    if (CONNECTION_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/** The refusal a traveller sees when a write found the disk full (HTTP 507). */
export const diskFull = () => new DomainError('storage_full', DISK_FULL_MESSAGE);

/** An error and its causes in one line (a driver's error wraps the database's own). */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (const e of chain(err)) {
    const message = text(e.message) || (e.name === 'ErrnoError' ? `${text(e.name)} ${String(e.errno)}` : '');
    if (message && !parts.includes(message)) parts.push(message);
  }
  if (parts.length) return parts.join(': ');
  const plain = String(err);
  return plain === '[object Object]' ? JSON.stringify(err) : plain;
}

/**
 * The innermost error's message and code: what the driver or the database said ("connect ECONNREFUSED 127.0.0.1:5432").
 */
function rootCause(err: unknown): string {
  let last: ErrorLike | undefined;
  for (const e of chain(err)) if (text(e.message)) last = e;
  if (!last) return describeError(err);
  const code = text(last.code);
  return code && !text(last.message).includes(code) ? `${text(last.message)} (${code})` : text(last.message);
}

/** The file a Node error names (an open or a mkdir), if any. */
function pathOf(err: unknown): string | null {
  for (const e of chain(err)) if (typeof e.path === 'string') return e.path;
  return null;
}

/**
 * Why the database could not be prepared at start, in a line an operator can act on: a full disk
 * says so and names the folder (or the database server), anything else is the error and its causes.
 */
export function startProblem(err: unknown, where: { label: string; dataDir: string; databaseUrl?: string }): string {
  const { label } = where;
  if (isDiskFull(err)) {
    if (where.databaseUrl && !pathOf(err)) {
      return `The disk is full: the database server (DATABASE_URL) has no room left to write (${describeError(err)}). Free some space on the database server's disk and start again.`;
    }
    const dataDir = resolve(where.dataDir);
    const path = pathOf(err) ?? dataDir;
    return `The disk is full: no room left to write in ${path}${path === dataDir ? ' (DATA_DIR)' : ` (DATA_DIR ${dataDir})`}. Free some space on that disk, or set DATA_DIR to a folder on a bigger one, and start again.`;
  }
  if (isDatabaseUnreachable(err)) {
    return `Could not reach the database (${label}): ${describeError(err)}. Check that the server is running and DATABASE_URL is right, then start again.`;
  }
  return `Could not prepare the database (${label}): ${describeError(err)}`;
}

export interface FreeSpace {
  /** Bytes a write may still use (what an unprivileged process gets: statfs's bavail). */
  bytesFree: number;
  bytesTotal: number;
  /** Under LOW_SPACE_BYTES free. */
  low: boolean;
}

/**
 * Free space on the disk holding `dir` (the nearest folder that exists, so a data folder not yet
 * made still answers), or null where the system cannot tell.
 */
export async function freeSpace(dir: string): Promise<FreeSpace | null> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      const s = await statfs(at);
      const bytesFree = s.bavail * s.bsize;
      return { bytesFree, bytesTotal: s.blocks * s.bsize, low: bytesFree < LOW_SPACE_BYTES };
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT' || dirname(at) === at) return null;
    }
  }
}

interface Log {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/**
 * Whether the database can be reached, as this process last found it, said in the log once per
 * outage: one warning when a query first finds it out of reach, one line when it answers again
 * (found by a probe every `probeMs` while it is down, or by any query that succeeds). Requests in
 * between are answered 503 without a line each.
 */
export class DatabaseReachability {
  #down = false;
  #probe: NodeJS.Timeout | undefined;
  #probing = false;
  #stopped = false;

  constructor(
    private readonly ping: () => Promise<unknown>,
    private readonly log: Log,
    private readonly probeMs = 1000,
  ) {}

  get down(): boolean {
    return this.#down;
  }

  /**
   * Looks at an error a query threw: true (and logged, once per outage) when it says the database cannot be reached.
   */
  failed(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (!this.#down && !this.#stopped) {
      this.#down = true;
      this.log.warn(
        { reason: rootCause(err) },
        `The database cannot be reached: API calls are answered 503 (Retry-After ${DATABASE_RETRY_SECONDS} s) until it answers again`,
      );
      this.#probe = setInterval(() => void this.#ping(), this.probeMs);
      this.#probe.unref();
    }
    return true;
  }

  /** A query answered: the database is back if it was away. */
  answered(): void {
    if (!this.#down) return;
    this.#down = false;
    clearInterval(this.#probe);
    this.#probe = undefined;
    if (!this.#stopped) this.log.info('The database answers again');
  }

  async #ping() {
    if (this.#probing) return;
    this.#probing = true;
    try {
      await this.ping();
      this.answered();
    } catch {
      // Still away: said once already.
    } finally {
      this.#probing = false;
    }
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#probe);
  }

  /**
   * A logger for a background job (the mail outbox) whose warnings about a database out of reach
   * are left to this one line per outage; every other line goes through as it was.
   */
  quiet<L extends object>(log: L & { warn: (obj: object, msg?: string) => void }): L {
    const warn = (obj: object, msg?: string) => {
      if (obj && typeof obj === 'object' && 'err' in obj && this.failed(obj.err)) return;
      log.warn(obj, msg);
    };
    return new Proxy(log, {
      get: (target, key, receiver) => (key === 'warn' ? warn : Reflect.get(target, key, receiver)),
    });
  }
}
