import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { otps, verificationTokens } from '../db/schema.ts';
import { hitRateLimit } from './rate-limit.ts';

export type OtpPurpose = 'signup' | 'reset';

export const OTP_RULES = {
  validMs: 10 * 60_000,
  maxWrongTries: 5,
  resendAfterMs: 60_000,
  perHour: 5,
  /** How long the token handed out for a verified code stays usable. */
  verificationValidMs: 30 * 60_000,
} as const;

/** Why a code was not sent, with the seconds until one may be. */
export class OtpRefused extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

const digest = (secret: string, purpose: OtpPurpose, identifier: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${identifier}\n${code}`).digest();

/** Six digits from a cryptographic random source. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Issues a code for (purpose, identifier): stored only as a keyed hash, valid 10 minutes. A new code
 * replaces the previous one; another may be asked for after 60 seconds, at most 5 an hour.
 */
export async function issueOtp(
  db: Db,
  secret: string,
  purpose: OtpPurpose,
  identifier: string,
  now = new Date(),
): Promise<{ code: string }> {
  const [latest] = await db
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.purpose, purpose), eq(otps.identifier, identifier)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (latest) {
    const wait = Math.ceil((latest.createdAt.getTime() + OTP_RULES.resendAfterMs - now.getTime()) / 1000);
    if (wait > 0) throw new OtpRefused(`Please wait ${wait} seconds before asking for a new code.`, wait);
  }
  const hourly = await hitRateLimit(
    db,
    `otp:${purpose}:${identifier}`,
    { limit: OTP_RULES.perHour, windowMs: 3_600_000 },
    now,
  );
  if (!hourly.allowed) {
    throw new OtpRefused(
      `You have asked for too many codes. Please try again in ${Math.ceil(hourly.retryAfter / 60)} minutes.`,
      hourly.retryAfter,
    );
  }
  const code = newCode();
  await db.transaction(async (tx) => {
    // The new code replaces any earlier one.
    await tx
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.purpose, purpose), eq(otps.identifier, identifier), isNull(otps.consumedAt)));
    await tx.insert(otps).values({
      purpose,
      identifier,
      codeHash: digest(secret, purpose, identifier, code).toString('hex'),
      expiresAt: new Date(now.getTime() + OTP_RULES.validMs),
      createdAt: now,
    });
  });
  return { code };
}

/** Takes back a code that never reached the traveller: it cannot be used, and asking again need not wait. */
export async function withdrawOtp(
  db: Db,
  secret: string,
  purpose: OtpPurpose,
  identifier: string,
  code: string,
): Promise<void> {
  const codeHash = digest(secret, purpose, identifier, code).toString('hex');
  await db
    .delete(otps)
    .where(and(eq(otps.purpose, purpose), eq(otps.identifier, identifier), eq(otps.codeHash, codeHash)));
}

/**
 * True once for the right code of the live (unused, unexpired) code of (purpose, identifier). Each
 * try is counted before the comparison, so parallel guesses cannot exceed 5 wrong tries.
 */
export async function verifyOtp(
  db: Db,
  secret: string,
  purpose: OtpPurpose,
  identifier: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const [live] = await db
    .select({ id: otps.id })
    .from(otps)
    .where(
      and(eq(otps.purpose, purpose), eq(otps.identifier, identifier), isNull(otps.consumedAt), gt(otps.expiresAt, now)),
    )
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (!live) return false;
  const [tried] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(eq(otps.id, live.id), lt(otps.attempts, OTP_RULES.maxWrongTries), isNull(otps.consumedAt)))
    .returning({ codeHash: otps.codeHash });
  if (!tried) return false;
  const expected = Buffer.from(tried.codeHash, 'hex');
  const given = digest(secret, purpose, identifier, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const [used] = await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.id, live.id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  return Boolean(used);
}

const hashVerification = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token a verified code earns: random, stored hashed, for one use within 30 minutes. */
export async function issueVerificationToken(
  db: Db,
  purpose: OtpPurpose,
  identifier: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(verificationTokens).values({
    tokenHash: hashVerification(token),
    purpose,
    identifier,
    expiresAt: new Date(now.getTime() + OTP_RULES.verificationValidMs),
  });
  return token;
}

/** The identifier a verification token was issued for, using it up; null when unknown, used or expired. */
export async function consumeVerificationToken(
  db: Db,
  purpose: OtpPurpose,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTokens.tokenHash, hashVerification(token)),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
      ),
    )
    .returning({ identifier: verificationTokens.identifier });
  return row?.identifier ?? null;
}

/** Whether a verification token is still good, without using it (to check passwords first). */
export async function peekVerificationToken(
  db: Db,
  purpose: OtpPurpose,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ identifier: verificationTokens.identifier })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.tokenHash, hashVerification(token)),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}
