import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `limit`.
 * One atomic upsert in the database, so every instance behind a load balancer shares the count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  opts: { limit: number; windowMs: number },
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStartedBefore = new Date(now.getTime() - opts.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartedBefore.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartedBefore.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? 1;
  const started = row?.windowStart ?? now;
  const retryAfter = Math.max(1, Math.ceil((started.getTime() + opts.windowMs - now.getTime()) / 1000));
  return { allowed: count <= opts.limit, count, retryAfter };
}

/** How often something may be tried: a few times freely, then with a wait that grows. */
export interface ThrottleRule {
  /** Attempts allowed one after another. */
  free: number;
  /** The wait after the free attempts, doubling with each further attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts are forgotten once none has been made for this long. */
  quietMs: number;
}

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed (0 when allowed). */
  retryAfter: number;
}

const delayMs = (rule: ThrottleRule, count: number) =>
  count < rule.free ? 0 : Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (count - rule.free));

/**
 * Counts an attempt before it is judged, in one atomic statement shared by every instance: it is
 * counted (and allowed) while within the free attempts, or once the wait since the last counted
 * attempt is over; otherwise nothing is counted and the answer says how long to wait. Parallel
 * attempts therefore cannot all slip through a check made before a slow comparison.
 * The row's window_start holds the time of the last counted attempt.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: Date = new Date(),
): Promise<ThrottleResult> {
  const at = now.toISOString();
  const quietBefore = new Date(now.getTime() - rule.quietMs).toISOString();
  const claimed = await db.execute(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${at}::timestamptz)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${quietBefore}::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = ${at}::timestamptz
    where rate_limits.window_start <= ${quietBefore}::timestamptz
       or rate_limits.count < ${rule.free}::int
       or rate_limits.window_start
          + least(${rule.baseDelayMs}::float8 * power(2::float8, rate_limits.count - ${rule.free}::int), ${rule.maxDelayMs}::float8) * interval '1 millisecond'
          <= ${at}::timestamptz
    returning count`);
  if (claimed.rows.length > 0) return { allowed: true, retryAfter: 0 };
  const [row] = await db
    .select({ count: rateLimits.count, last: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
    .limit(1);
  const wait = row ? row.last.getTime() + delayMs(rule, row.count) - now.getTime() : 0;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(wait / 1000)) };
}

/** Gives back one counted attempt (one that turned out not to be a failure). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * The block a client address counts as: an IPv4 address itself (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64, the smallest network a provider hands one
 * customer (who can otherwise pick a new address for every request).
 */
export function addressBlock(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped =
    address.match(/^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/) ?? address.match(/^::(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const known = [
    ...groups(head),
    ...(tail === undefined ? [] : new Array(8 - groups(head).length - groups(tail).length).fill('0')),
    ...groups(tail ?? ''),
  ];
  return `${known
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * An address as stored: its block (see addressBlock) hashed with the server's key, so the database never holds raw IPs.
 */
export function hashAddress(ip: string, secret: string): string {
  return createHash('sha256')
    .update(`${secret}\n${addressBlock(ip)}`)
    .digest('hex')
    .slice(0, 32);
}
