// Signing in (password within attempt limits, or Google), changing the password, and ending a traveller's sessions.
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { MSG } from '../../../contract/account.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { rateLimits, sessions, users } from '../../db/schema.ts';
import type { GoogleIdentity } from '../google.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { claimAttempt, hashAddress, refundAttempt, type ThrottleRule } from '../rate-limit.ts';
import { createSession, hashToken } from '../sessions.ts';
import { MESSAGES } from './messages.ts';
import { displayName, findUser, type AccountContext, type Identifier } from './users.ts';

/**
 * Sign-in attempts, each counted before the password is compared (docs/decisions/0030). Per account,
 * from any address: a few tries, then a wait that doubles from a second up to a minute, so guessing
 * is slow but the owner is never locked out for long by someone who knows the address. Per client
 * address, whichever accounts it names: 30 tries, then 15 minutes.
 */
export const LOGIN_LIMITS = {
  account: { free: 5, baseDelayMs: 1000, maxDelayMs: 60_000, quietMs: 15 * 60_000 },
  address: { free: 30, baseDelayMs: 15 * 60_000, maxDelayMs: 15 * 60_000, quietMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

export async function revokeUserSessions(db: Db, userId: number, keepToken?: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
}

export const accountKey = (userId: number | string) => `login-fail:user:${userId}`;
export const addressKey = (ip: string, secret: string) => `login-fail:ip:${hashAddress(ip, secret)}`;

/** Counts a sign-in attempt against each key in turn before the password is looked at; refuses when one says wait. */
export async function claimSignInAttempt(db: Db, claims: { key: string; rule: ThrottleRule }[], now: Date) {
  for (const { key, rule } of claims) {
    const claim = await claimAttempt(db, key, rule, now);
    if (!claim.allowed)
      throw new DomainError('too_many', MESSAGES.tooManyLogins(claim.retryAfter), null, claim.retryAfter);
  }
}

/**
 * The password checked after its attempts were claimed (claimSignInAttempt). A check that could not
 * run (too many sign-ins waiting to be hashed, decision 0092) gives the attempts back: a traveller
 * asked to try again in a few seconds has not failed one, and is not locked out for it.
 */
export async function verifyClaimed(
  db: Db,
  claimed: string[],
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  try {
    return await verifyPassword(password, stored);
  } catch (err) {
    for (const key of claimed) await refundAttempt(db, key);
    throw err;
  }
}

/** Email or phone and password: a login token, within the attempt limits per account and address. */
export async function login(ctx: AccountContext, id: Identifier, password: string, ip: string, now = new Date()) {
  const user = await findUser(ctx.db, id);
  // Unknown accounts are counted under their identifier, so probing them is limited as well.
  const acct = user ? accountKey(user.id) : `login-fail:id:${id.value}`;
  const addr = addressKey(ip, ctx.config.AUTH_SECRET);
  // The address first: an address that must wait does not add to the account's wait.
  await claimSignInAttempt(
    ctx.db,
    [
      { key: addr, rule: LOGIN_LIMITS.address },
      { key: acct, rule: LOGIN_LIMITS.account },
    ],
    now,
  );
  const ok = await verifyClaimed(ctx.db, [addr, acct], password, user?.passwordHash);
  if (!user || !ok) throw new DomainError('unauthorized', MESSAGES.invalidLogin);
  // The right password: the account starts afresh, and the address's attempt was no failure.
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, acct));
  await refundAttempt(ctx.db, addr);
  return createSession(ctx.db, ctx.config, { id: user.id, email: user.email ?? '', name: displayName(user) }, now);
}

/** A verified Google identity signs in to its account (found by Google id, then by email) or a new one. */
export async function loginWithGoogle(ctx: AccountContext, google: GoogleIdentity) {
  const [found] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.googleSub, google.sub), eq(users.email, google.email)))
    .limit(2);
  let user = found;
  if (user && !user.googleSub) {
    await ctx.db.update(users).set({ googleSub: google.sub }).where(eq(users.id, user.id));
  }
  if (!user) {
    [user] = await ctx.db
      .insert(users)
      .values({ email: google.email, name: google.name, googleSub: google.sub })
      .returning();
  }
  return createSession(ctx.db, ctx.config, {
    id: user!.id,
    email: user!.email ?? google.email,
    name: displayName(user!) || google.name,
  });
}

export async function changePassword(
  ctx: AccountContext,
  userId: number,
  currentToken: string,
  old: string,
  next: string,
  confirm: string,
  now = new Date(),
) {
  if (next !== confirm) throw new DomainError('invalid', MSG.passwordsDiffer);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError('unauthorized', MSG.tokenExpired);
  if (!user.passwordHash) throw new DomainError('invalid', MESSAGES.noPassword);
  await claimSignInAttempt(ctx.db, [{ key: accountKey(userId), rule: LOGIN_LIMITS.account }], now);
  if (!(await verifyPassword(old, user.passwordHash))) throw new DomainError('invalid', MSG.invalidOldPassword);
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, accountKey(userId)));
  if (old === next) throw new DomainError('invalid', MESSAGES.samePassword);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, userId));
  // Other devices signed in with the old password are signed out; this one stays.
  await revokeUserSessions(ctx.db, userId, currentToken, now);
}
