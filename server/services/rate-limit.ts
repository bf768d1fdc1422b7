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

/**
 * The block a client address counts as: an IPv4 address itself (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64, the smallest network a provider hands one
 * customer (who can otherwise pick a new address for every request).
 */
export function addressBlock(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  const mapped = address.match(/^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/) ?? address.match(/^::(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const known = [...groups(head), ...(tail === undefined ? [] : new Array(8 - groups(head).length - groups(tail).length).fill('0')), ...groups(tail ?? '')];
  return `${known.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** An address as stored: its block (see addressBlock) hashed with the server's key, so the database never holds raw IPs. */
export function hashAddress(ip: string, secret: string): string {
  return createHash('sha256').update(`${secret}\n${addressBlock(ip)}`).digest('hex').slice(0, 32);
}
