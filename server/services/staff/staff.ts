import { and, asc, eq, gt, isNull, or, lt, sql } from 'drizzle-orm';
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  can,
  isStaffRole,
  STAFF_PASSWORD_MIN,
  type StaffAction,
  type StaffMember,
  type StaffRole,
} from '../../../contract/staff.ts';
import type { AuditAction } from '../../../contract/audit-log.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { rateLimits, staff, staffRecoveryCodes, staffSessions, staffSetupTokens } from '../../db/schema.ts';
import { addressKey, claimSignInAttempt, LOGIN_LIMITS, verifyClaimed } from '../accounts/sign-in.ts';
import { hashPassword } from '../passwords.ts';
import { refundAttempt } from '../rate-limit.ts';
import type { Actor } from './audit.ts';
import { staffAction } from './staff-action.ts';
import { newTotpSecret, otpauthUri, totpStep } from './totp.ts';

/** A set-up link is valid this long. */
export const SETUP_TTL_MS = 24 * 3_600_000;
/** Once a set-up link has been used, its enrolment is to be confirmed within this long. */
export const ENROLMENT_TTL_MS = 3_600_000;
/** A staff session ends after this long without a call… */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** …and after this long whatever happens. */
export const MAX_SESSION_MS = 12 * 3_600_000;
export const RECOVERY_CODE_COUNT = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/**
 * The enrolment a link's first use starts is kept in the links' table under a hash of its own
 * kind: a link cannot confirm an enrolment, and an enrolment's token cannot start one.
 */
const enrolmentHash = (token: string) => sha256(`staff-enrolment\n${token}`);
const newToken = () => randomBytes(32).toString('base64url');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const INVALID_LOGIN = 'Invalid email, password or code.';
const SETUP_INVALID = 'This set-up link is not valid or has expired. Ask the owner for a new one.';
const SETUP_USED = 'This set-up link has already been used. Ask an owner for a new one.';
const ENROLMENT_INVALID =
  'This set-up has expired or was replaced by a newer link. Ask an owner for a new set-up link.';
const ENROLMENT_DONE =
  'This set-up is already complete: sign in with your password and a code from your authenticator app.';

/** The failed staff sign-ins the audit log tells apart (action `staff.login-failed`). */
export type StaffLoginFailure =
  'unknown-email' | 'wrong-password' | 'disabled' | 'not-set-up' | 'wrong-code' | 'throttled';

export const setupUrl = (config: Config, token: string) =>
  `${publicUrl(config)}/admin/setup?token=${encodeURIComponent(token)}`;

type StaffRow = typeof staff.$inferSelect;

export function memberOf(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    enabled: row.enabled,
    ready: Boolean(row.passwordHash && row.totpConfirmedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a staff member (never a hash or a secret). */
const auditView = (row: StaffRow) => ({ email: row.email, role: row.role, enabled: row.enabled });

/**
 * Adds a staff member (or, for one not yet set up, a fresh link) and returns a one-time set-up
 * link. Used by `npm run staff -- add` and by the owner's invitation.
 */
export async function inviteStaff(
  db: Db,
  config: Config,
  actor: Actor,
  emailIn: string,
  role: string,
  now = new Date(),
) {
  const email = normaliseEmail(emailIn);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainError('invalid', 'Give a valid email address.');
  if (!isStaffRole(role)) throw new DomainError('invalid', 'The role must be owner, agent, accounts or catalogue.');
  const token = newToken();
  const member = await staffAction(db, actor, now, async ({ tx, audit }) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.email, email)).limit(1);
    if (existing && existing.passwordHash && existing.totpConfirmedAt) {
      throw new DomainError('conflict', `${email} is already a staff member.`);
    }
    let row: StaffRow;
    if (existing) {
      [row] = (await tx.update(staff).set({ role, enabled: true }).where(eq(staff.id, existing.id)).returning()) as [
        StaffRow,
      ];
    } else {
      [row] = (await tx.insert(staff).values({ email, role, createdAt: now }).returning()) as [StaffRow];
    }
    // Earlier links of this person (and an enrolment begun with one) stop working: only the newest
    // one counts. They expire rather than count as used, so they are refused as expired, not used.
    await tx
      .update(staffSetupTokens)
      .set({ expiresAt: now })
      .where(
        and(eq(staffSetupTokens.staffId, row.id), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)),
      );
    await tx.insert(staffSetupTokens).values({
      staffId: row.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_TTL_MS),
    });
    await audit({
      action: 'staff.invite',
      recordType: 'staff',
      recordId: row.id,
      before: existing ? auditView(existing) : null,
      after: auditView(row),
    });
    return row;
  });
  return { member: memberOf(member), token, url: setupUrl(config, token) };
}

/**
 * The row of a set-up link or of an enrolment (by the hash of its kind), refused with `used`
 * once used, else with `invalid` when unknown, expired or its staff member disabled.
 */
async function liveSetupRow(db: Db, tokenHash: string, now: Date, messages: { invalid: string; used: string }) {
  const [row] = await db
    .select({ t: staffSetupTokens, s: staff })
    .from(staffSetupTokens)
    .innerJoin(staff, eq(staff.id, staffSetupTokens.staffId))
    .where(eq(staffSetupTokens.tokenHash, tokenHash))
    .limit(1);
  if (row?.t.usedAt) throw new DomainError('invalid', messages.used);
  if (!row || row.t.expiresAt.getTime() <= now.getTime() || !row.s.enabled)
    throw new DomainError('invalid', messages.invalid);
  return row;
}

/**
 * Step one of set-up: the password, and a new authenticator secret to scan. The link is used up
 * here, whoever uses it first: a second use (someone else who has the link) is refused and changes
 * nothing. What confirms this enrolment is the `enrolmentToken` returned, known only to this caller.
 */
export async function startSetup(db: Db, token: string, password: string, now = new Date()) {
  if (!token || token.length > 200) throw new DomainError('invalid', SETUP_INVALID);
  const { t, s } = await liveSetupRow(db, sha256(token), now, { invalid: SETUP_INVALID, used: SETUP_USED });
  // A password refused leaves the link unused, to try again.
  if (password.length < STAFF_PASSWORD_MIN)
    throw new DomainError('invalid', `Choose a password of at least ${STAFF_PASSWORD_MIN} characters.`);
  if (password.length > 200) throw new DomainError('invalid', 'Choose a password of at most 200 characters.');
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const enrolmentToken = newToken();
  await db.transaction(async (tx) => {
    // Claimed once: of two uses at the same time, the second finds the link used.
    const claimed = await tx
      .update(staffSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(staffSetupTokens.id, t.id), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)))
      .returning({ id: staffSetupTokens.id });
    if (claimed.length === 0) throw new DomainError('invalid', SETUP_USED);
    await tx
      .update(staff)
      .set({ passwordHash, totpSecret: secret, totpConfirmedAt: null, totpLastStep: null })
      .where(eq(staff.id, s.id));
    await tx.insert(staffSetupTokens).values({
      staffId: s.id,
      tokenHash: enrolmentHash(enrolmentToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS),
    });
  });
  return { email: s.email, totpSecret: secret, otpauthUri: otpauthUri(secret, s.email), enrolmentToken };
}

/**
 * Step two: a code from the authenticator proves it was set up; the enrolment (named by the token
 * step one returned, not by the link) is used up and ten recovery codes given.
 */
export async function confirmSetup(
  db: Db,
  enrolmentToken: string,
  code: string,
  clientAddress: string | null,
  now = new Date(),
) {
  if (!enrolmentToken || enrolmentToken.length > 200) throw new DomainError('invalid', ENROLMENT_INVALID);
  const { t, s } = await liveSetupRow(db, enrolmentHash(enrolmentToken), now, {
    invalid: ENROLMENT_INVALID,
    used: ENROLMENT_DONE,
  });
  if (!s.passwordHash || !s.totpSecret) throw new DomainError('invalid', 'Choose your password first.');
  const step = totpStep(s.totpSecret, code.trim(), now);
  if (step === null)
    throw new DomainError('invalid', 'That code is not right. Enter the six digits your authenticator app shows now.');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
  await staffAction(db, { staffId: s.id, role: s.role, clientAddress }, now, async ({ tx, audit }) => {
    const used = await tx
      .update(staffSetupTokens)
      .set({ usedAt: now })
      .where(and(eq(staffSetupTokens.id, t.id), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)))
      .returning({ id: staffSetupTokens.id });
    if (used.length === 0) throw new DomainError('invalid', ENROLMENT_DONE);
    await tx.update(staff).set({ totpConfirmedAt: now, totpLastStep: step }).where(eq(staff.id, s.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, s.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ staffId: s.id, codeHash: sha256(normaliseRecovery(c)) })));
    await audit({
      action: 'staff.setup',
      recordType: 'staff',
      recordId: s.id,
      before: null,
      after: { email: s.email, ready: true },
    });
  });
  return { recoveryCodes: codes };
}

/** Ten characters in two groups (xxxxx-xxxxx), from letters and digits that cannot be misread. */
function recoveryCode() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet[randomInt(alphabet.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

/** The CSRF token of a session: derived from its token with AUTH_SECRET, so /me can give it again. */
export const csrfOf = (config: Config, token: string) =>
  createHmac('sha256', config.AUTH_SECRET).update(`staff-csrf\n${token}`).digest('base64url');

/**
 * Email, password and a code (TOTP, or a recovery code), within the traveller sign-in's throttles.
 * Every refusal is written to the audit log (`staff.login-failed`): the email tried, why, and the
 * client's address, on the record of the staff member of that email when there is one. Never the
 * password or the code.
 */
export async function staffLogin(
  db: Db,
  config: Config,
  emailIn: string,
  password: string,
  code: string,
  ip: string,
  now = new Date(),
  userAgent?: string,
) {
  const email = normaliseEmail(emailIn);
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  const acct = row ? `login-fail:staff:${row.id}` : `login-fail:staff-id:${email}`;
  const addr = addressKey(ip, config.AUTH_SECRET);
  const failed = (reason: StaffLoginFailure) =>
    staffAction(db, { staffId: null, role: null, clientAddress: ip }, now, ({ audit }) =>
      audit({ action: 'staff.login-failed', recordType: 'staff', recordId: row?.id ?? null, after: { email, reason } }),
    );
  /** The one answer to every refusal (nothing says which part was wrong), audited with the reason. */
  const refuse = async (reason: StaffLoginFailure): Promise<never> => {
    await failed(reason);
    throw new DomainError('unauthorized', INVALID_LOGIN);
  };
  try {
    // Refused with the wait (a too_many DomainError carrying retryAfter).
    await claimSignInAttempt(
      db,
      [
        { key: addr, rule: LOGIN_LIMITS.address },
        { key: acct, rule: LOGIN_LIMITS.account },
      ],
      now,
    );
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'too_many') await failed('throttled');
    throw err;
  }
  const passwordOk = await verifyClaimed(db, [addr, acct], password, row?.passwordHash);
  if (!row) return refuse('unknown-email');
  if (!passwordOk) return refuse('wrong-password');
  if (!row.enabled) return refuse('disabled');
  if (!row.totpSecret || !row.totpConfirmedAt) return refuse('not-set-up');
  if (!(await acceptCode(db, row, code, now))) return refuse('wrong-code');
  await db.delete(rateLimits).where(eq(rateLimits.key, acct));
  await refundAttempt(db, addr);
  const token = newToken();
  const csrfToken = csrfOf(config, token);
  await staffAction(db, { staffId: row.id, role: row.role, clientAddress: ip }, now, async ({ tx, audit }) => {
    // The browser and address are kept to list the member's sessions on My account.
    await tx.insert(staffSessions).values({
      staffId: row.id,
      tokenHash: sha256(token),
      csrfHash: sha256(csrfToken),
      createdAt: now,
      lastSeenAt: now,
      userAgent: userAgent?.slice(0, 300) ?? null,
      clientAddress: ip,
    });
    await audit({ action: 'staff.login', recordType: 'staff', recordId: row.id });
  });
  return { token, csrfToken, member: memberOf(row) };
}

/** A TOTP code of a step newer than the last accepted one, or an unused recovery code: each accepted once. */
async function acceptCode(db: Db, row: StaffRow, codeIn: string, now: Date): Promise<boolean> {
  const code = codeIn.trim();
  if (/^\d{6}$/.test(code)) {
    const step = totpStep(row.totpSecret!, code, now);
    if (step === null) return false;
    const taken = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    return taken.length === 1;
  }
  const normal = normaliseRecovery(code);
  if (normal.length !== 10) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, row.id),
        eq(staffRecoveryCodes.codeHash, sha256(normal)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export interface StaffSession {
  sessionId: number;
  staffId: number;
  email: string;
  role: StaffRole;
  csrfHash: string;
}

/**
 * The live session of a cookie's token: not ended, used within the idle timeout, younger than
 * the longest session, its staff member enabled. A session past a limit is ended there and then.
 */
export async function findStaffSession(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ sess: staffSessions, s: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.endedAt)))
    .limit(1);
  if (!row) return null;
  const { sess, s } = row;
  const expired =
    now.getTime() - sess.lastSeenAt.getTime() > IDLE_TIMEOUT_MS ||
    now.getTime() - sess.createdAt.getTime() > MAX_SESSION_MS;
  if (expired || !s.enabled || !isStaffRole(s.role)) {
    await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, sess.id));
    return null;
  }
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sess.id));
  return { sessionId: sess.id, staffId: s.id, email: s.email, role: s.role, csrfHash: sess.csrfHash };
}

export const csrfMatches = (session: StaffSession, sent: string | undefined) =>
  Boolean(sent) && sha256(sent!) === session.csrfHash;

/** Sign-out: the session ends, and the audit log says so. */
export async function endStaffSession(db: Db, session: StaffSession, clientAddress: string | null, now = new Date()) {
  await staffAction(db, { staffId: session.staffId, role: session.role, clientAddress }, now, async ({ tx, audit }) => {
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.id, session.sessionId), isNull(staffSessions.endedAt)));
    await audit({ action: 'staff.logout', recordType: 'staff', recordId: session.staffId });
  });
}

export function allowed(session: StaffSession, action: StaffAction) {
  if (!can(session.role, action)) throw new DomainError('forbidden', 'Your role may not do this.');
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await db.select().from(staff).orderBy(asc(staff.id))).map(memberOf);
}

async function changeStaff(
  db: Db,
  actor: Actor & { staffId: number },
  id: number,
  action: AuditAction,
  change: (row: StaffRow) => Partial<StaffRow>,
  now: Date,
) {
  if (id === actor.staffId)
    throw new DomainError('conflict', 'You cannot change your own role or account: ask another owner.');
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
    if (!before) throw new DomainError('not_found', 'There is no such staff member.');
    const [after] = (await tx.update(staff).set(change(before)).where(eq(staff.id, id)).returning()) as [StaffRow];
    if (!after.enabled) {
      // A disabled account's sessions end at once.
      await tx
        .update(staffSessions)
        .set({ endedAt: now })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)));
    }
    await audit({ action, recordType: 'staff', recordId: id, before: auditView(before), after: auditView(after) });
    return memberOf(after);
  });
}

export const changeRole = (db: Db, actor: Actor & { staffId: number }, id: number, role: string, now = new Date()) => {
  if (!isStaffRole(role)) throw new DomainError('invalid', 'The role must be owner, agent, accounts or catalogue.');
  return changeStaff(db, actor, id, 'staff.role', () => ({ role }), now);
};
export const setEnabled = (
  db: Db,
  actor: Actor & { staffId: number },
  id: number,
  enabled: boolean,
  now = new Date(),
) => changeStaff(db, actor, id, enabled ? 'staff.enable' : 'staff.disable', () => ({ enabled }), now);

/** Used by the CLI: the count of staff, to say whether this is the first owner. */
export async function staffCount(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  return row?.n ?? 0;
}
