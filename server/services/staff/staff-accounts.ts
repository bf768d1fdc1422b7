import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { StaffOwnSession } from '../../../contract/desk.ts';
import { STAFF_PASSWORD_MIN } from '../../../contract/staff.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { staff, staffRecoveryCodes, staffSessions, staffSetupTokens } from '../../db/schema.ts';
import { DomainError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { Actor } from './audit.ts';
import { staffAction } from './staff-action.ts';
import { IDLE_TIMEOUT_MS, MAX_SESSION_MS, memberOf, SETUP_TTL_MS, setupUrl, type StaffSession } from './staff.ts';

/*
 * A staff member's own account ("My account": their password and their sessions) and an owner's
 * reset of another member's sign-in (a new one-time set-up link, as an invitation gives).
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type OwnSession = StaffOwnSession;

type StaffActor = Actor & { staffId: number };

/**
 * An owner resets another member's sign-in: their password, authenticator and recovery codes are
 * cleared, their sessions end at once, earlier set-up links stop working, and a new one-time link
 * (valid as an invitation's is) is returned to be mailed. Not oneself (sign-in would be lost with no
 * one to give the link), not a disabled member (enable them first, so the link can be used).
 */
export async function resetStaffSignIn(db: Db, config: Config, actor: StaffActor, id: number, now = new Date()) {
  if (id === actor.staffId)
    throw new DomainError(
      'conflict',
      'You cannot reset your own sign-in: change your password on My account, or ask another owner.',
    );
  const token = randomBytes(32).toString('base64url');
  const member = await staffAction(db, actor, now, async ({ tx, audit }) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
    if (!before) throw new DomainError('not_found', 'There is no such staff member.');
    if (!before.enabled)
      throw new DomainError(
        'conflict',
        `${before.email}’s account is disabled: enable it first, then reset their sign-in.`,
      );
    const [after] = await tx
      .update(staff)
      .set({ passwordHash: null, totpSecret: null, totpConfirmedAt: null, totpLastStep: null })
      .where(eq(staff.id, id))
      .returning();
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    const ended = await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)))
      .returning({ id: staffSessions.id });
    // Only the newest link counts (as inviteStaff does): earlier ones expire.
    await tx
      .update(staffSetupTokens)
      .set({ expiresAt: now })
      .where(
        and(eq(staffSetupTokens.staffId, id), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, now)),
      );
    await tx.insert(staffSetupTokens).values({
      staffId: id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SETUP_TTL_MS),
    });
    await audit({
      action: 'staff.reset',
      recordType: 'staff',
      recordId: id,
      before: { email: before.email, ready: Boolean(before.passwordHash && before.totpConfirmedAt) },
      after: { email: before.email, ready: false, sessionsEnded: ended.length },
    });
    return after!;
  });
  return { member: memberOf(member), url: setupUrl(config, token) };
}

/** The live sessions of the signed-in member, newest first (ended, idle or too old ones are not listed). */
export async function listOwnSessions(db: Db, session: StaffSession, now = new Date()): Promise<OwnSession[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, session.staffId), isNull(staffSessions.endedAt)))
    .orderBy(desc(staffSessions.lastSeenAt));
  return rows
    .filter(
      (r) =>
        now.getTime() - r.lastSeenAt.getTime() <= IDLE_TIMEOUT_MS &&
        now.getTime() - r.createdAt.getTime() <= MAX_SESSION_MS,
    )
    .map((r) => ({
      id: r.id,
      userAgent: r.userAgent,
      clientAddress: r.clientAddress,
      startedAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.id === session.sessionId,
    }));
}

/** Ends every session of the member but this one; audited with how many ended. */
export async function endOtherSessions(db: Db, session: StaffSession, clientAddress: string | null, now = new Date()) {
  return staffAction(
    db,
    { staffId: session.staffId, role: session.role, clientAddress },
    now,
    async ({ tx, audit }) => {
      const ended = await tx
        .update(staffSessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(staffSessions.staffId, session.staffId),
            isNull(staffSessions.endedAt),
            ne(staffSessions.id, session.sessionId),
          ),
        )
        .returning({ id: staffSessions.id });
      await audit({
        action: 'staff.sessions-ended',
        recordType: 'staff',
        recordId: session.staffId,
        after: { sessionsEnded: ended.length },
      });
      return { ended: ended.length };
    },
  );
}

/**
 * The signed-in member changes their password: the current one must be right, the new one follows
 * set-up's rules; their other sessions end (whoever knew the old password is signed out), this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  session: StaffSession,
  current: string,
  next: string,
  clientAddress: string | null,
  now = new Date(),
) {
  const [row] = await db.select().from(staff).where(eq(staff.id, session.staffId)).limit(1);
  if (!row) throw new DomainError('not_found', 'There is no such staff member.');
  if (!(await verifyPassword(current, row.passwordHash))) {
    await staffAction(db, { staffId: session.staffId, role: session.role, clientAddress }, now, ({ audit }) =>
      audit({ action: 'staff.password-refused', recordType: 'staff', recordId: session.staffId }),
    );
    throw new DomainError('invalid', 'Your current password is not right: type it again.');
  }
  if (next.length < STAFF_PASSWORD_MIN)
    throw new DomainError('invalid', `Choose a new password of at least ${STAFF_PASSWORD_MIN} characters.`);
  if (next.length > 200) throw new DomainError('invalid', 'Choose a new password of at most 200 characters.');
  if (next === current)
    throw new DomainError('invalid', 'The new password is the same as the current one: choose another.');
  const passwordHash = await hashPassword(next);
  return staffAction(
    db,
    { staffId: session.staffId, role: session.role, clientAddress },
    now,
    async ({ tx, audit }) => {
      await tx.update(staff).set({ passwordHash }).where(eq(staff.id, session.staffId));
      const ended = await tx
        .update(staffSessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(staffSessions.staffId, session.staffId),
            isNull(staffSessions.endedAt),
            ne(staffSessions.id, session.sessionId),
          ),
        )
        .returning({ id: staffSessions.id });
      await audit({
        action: 'staff.password',
        recordType: 'staff',
        recordId: session.staffId,
        after: { sessionsEnded: ended.length },
      });
      return { sessionsEnded: ended.length };
    },
  );
}
