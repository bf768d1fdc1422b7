import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { decryptLoginToken, encryptLoginToken, loginStamp } from './login-token.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a login token and keeps a session row for it (only its hash). */
export async function createSession(
  db: Db,
  config: Config,
  user: { id: number; email: string; name: string },
  now = new Date(),
) {
  const token = encryptLoginToken(
    { userId: user.id, email: user.email, loginDate: loginStamp(now), name: user.name },
    config.TOKEN_KEY,
  );
  const expiresAt = new Date(now.getTime() + config.SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** A live session by its token's hash, built once per database: read on every signed-in call. */
function sessionQuery(db: Db) {
  return db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('live_session');
}
const builtSessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/**
 * The signed-in user behind a token, or null. A token counts only when we issued it (a session row
 * with its hash), it has not expired or been revoked, and it decrypts to the same user id.
 */
export async function authenticate(
  db: Db,
  config: Config,
  token: string | undefined | null,
  now = new Date(),
): Promise<{ userId: number } | null> {
  const session = await findSession(db, config, token, now);
  return session ? { userId: session.userId } : null;
}

/** The live session of a token (see authenticate), with its expiry. */
export async function findSession(
  db: Db,
  config: Config,
  token: string | undefined | null,
  now = new Date(),
): Promise<{ userId: number; expiresAt: Date } | null> {
  const claim = sessionClaim(config, token);
  if (!claim) return null;
  let query = builtSessionQueries.get(db);
  if (!query) builtSessionQueries.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ tokenHash: claim.tokenHash, now: now.toISOString() });
  if (!row || row.userId !== claim.userId) return null;
  return row;
}

/**
 * What a token claims before the database is asked: the user it decrypts to and the hash its
 * session row is kept under; null for a token we never issued (too long, altered, another key).
 * A claim is not a sign-in: the call's first statement checks it (liveSession), so a hot call
 * (a sale's cart and hold) reads the session in the statement it runs anyway (decision 0078).
 */
export interface SessionClaim {
  userId: number;
  tokenHash: string;
}

export function sessionClaim(config: Config, token: string | undefined | null): SessionClaim | null {
  if (!token || token.length > 1024) return null;
  const parts = decryptLoginToken(token, config.TOKEN_KEY);
  return parts ? { userId: parts.userId, tokenHash: hashToken(token) } : null;
}

/**
 * The SQL condition "this claim's session is live" (issued by us, for this user, not revoked, not
 * expired), as authenticate checks it; true when there is no claim to check (a guest, or a session
 * already read by this call).
 */
export function liveSession(claim: SessionClaim | null | undefined, now: Date): SQL {
  if (!claim) return sql`true`;
  return liveSessionWhere(claim.tokenHash, claim.userId, now.toISOString());
}

/**
 * The rule of liveSession over values or placeholders (`sql.placeholder`: a statement prepared
 * once, as a sale's cart is), so the rule is written once.
 */
export function liveSessionWhere(
  tokenHash: string | Placeholder | SQL,
  userId: number | Placeholder | SQL,
  now: string | Placeholder | SQL,
): SQL {
  return sql`exists(select 1 from sessions where token_hash = ${tokenHash} and user_id = ${userId}::int and revoked_at is null and expires_at > ${now}::timestamptz)`;
}

export async function revokeSession(db: Db, token: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(eq(sessions.tokenHash, hashToken(token)));
}
