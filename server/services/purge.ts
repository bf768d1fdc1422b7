import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const DAY = 86_400_000;

/**
 * What is kept after it stops being of use, and for how long. Rows past these ages are deleted by
 * the purge every server runs hourly (one at a time across processes, see purgeExpired).
 */
export const RETENTION = {
  /** Sessions a day after they expired or were revoked (a sign-in refused meanwhile says "expired"). */
  sessionsMs: DAY,
  /** One-time codes and verification tokens a day after they expired or were used. */
  codesMs: DAY,
  /** Rate-limit and attempt counters a day after their last count (the longest window is an hour). */
  rateLimitsMs: DAY,
  /** Temporary bookings a day after their hold ended (not those that became bookings). */
  tempBookingsMs: DAY,
  /** A guest's cart two weeks after its last line was added (the guest_id cookie lasts 7 days). */
  guestCartsMs: 14 * DAY,
  /** Stored answers to retried writes: phones retry within minutes or days. */
  idempotencyKeysMs: 7 * DAY,
  /**
   * Staff sessions and set-up links 30 days after they ended, expired or were used (the audit log keeps sign-ins for
   * good).
   */
  staffMs: 30 * DAY,
} as const;

/** Arbitrary constant key for pg_try_advisory_xact_lock ("purg" in hex). */
export const PURGE_LOCK_KEY = 0x70757267;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** The statements of one purge, by what they remove. */
function statements(now: Date) {
  return {
    sessions: sql`delete from sessions where expires_at < ${before(now, RETENTION.sessionsMs)}::timestamptz or revoked_at < ${before(now, RETENTION.sessionsMs)}::timestamptz`,
    otps: sql`delete from otps where expires_at < ${before(now, RETENTION.codesMs)}::timestamptz or consumed_at < ${before(now, RETENTION.codesMs)}::timestamptz`,
    verificationTokens: sql`delete from verification_tokens where expires_at < ${before(now, RETENTION.codesMs)}::timestamptz or used_at < ${before(now, RETENTION.codesMs)}::timestamptz`,
    rateLimits: sql`delete from rate_limits where window_start < ${before(now, RETENTION.rateLimitsMs)}::timestamptz`,
    // A hold that became a booking stays: the booking names it.
    tempBookings: sql`delete from temp_bookings where hold_expires_at < ${before(now, RETENTION.tempBookingsMs)}::timestamptz and status <> 'booked'`,
    guestCarts: sql`delete from cart_items where owner like 'guest:%' and owner in (
      select owner from cart_items where owner like 'guest:%' group by owner
      having max(created_at) < ${before(now, RETENTION.guestCartsMs)}::timestamptz)`,
    idempotencyKeys: sql`delete from idempotency_keys where created_at < ${before(now, RETENTION.idempotencyKeysMs)}::timestamptz`,
    staffSessions: sql`delete from staff_sessions where ended_at < ${before(now, RETENTION.staffMs)}::timestamptz or last_seen_at < ${before(now, RETENTION.staffMs)}::timestamptz`,
    staffSetupTokens: sql`delete from staff_setup_tokens where expires_at < ${before(now, RETENTION.staffMs)}::timestamptz or used_at < ${before(now, RETENTION.staffMs)}::timestamptz`,
  };
}

export type PurgeCounts = Record<keyof ReturnType<typeof statements>, number>;

/**
 * Deletes what has expired (see RETENTION). Safe with several processes on one database: one
 * purge runs at a time (a transaction-scoped advisory lock; the others skip this round, answering
 * null). A statement that fails (say, a table another feature now references) is reported and
 * does not stop the rest.
 */
export async function purgeExpired(
  db: Db,
  now = new Date(),
  onError: (what: string, err: unknown) => void = () => {},
): Promise<PurgeCounts | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`,
    );
    if (!rows[0]?.locked) return null;
    const counts = {} as PurgeCounts;
    for (const [what, statement] of Object.entries(statements(now)) as [keyof PurgeCounts, ReturnType<typeof sql>][]) {
      await tx.execute(sql`savepoint purge_step`);
      try {
        const result = await tx.execute(statement);
        counts[what] =
          (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
          (result as { rowCount?: number }).rowCount ??
          0;
        await tx.execute(sql`release savepoint purge_step`);
      } catch (err) {
        await tx.execute(sql`rollback to savepoint purge_step`);
        counts[what] = 0;
        onError(what, err);
      }
    }
    return counts;
  });
}
