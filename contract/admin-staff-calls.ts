import { z } from 'zod';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import type { AuditFilterOptions, AuditView } from './audit-log.ts';
import type { StaffOwnSession } from './desk.ts';
import {
  STAFF_ROLES,
  type StaffAction,
  type StaffEnrolment,
  type StaffMe,
  type StaffMember,
  type StaffRole,
} from './staff.ts';

/*
 * The back office's own calls (docs/decisions/0050), declared once here (decision 0111): the
 * signed-in member (who they are, sign out, the permissions), the staff (list, invite, role,
 * disable, enable; an owner resets another member's sign-in), every member's own account under
 * /me (a session is all it needs: the password and the sessions), and the audit log.
 * server/routes/admin.ts and server/routes/admin-staff-accounts.ts register them. Set-up and
 * sign-in (POST setup, setup/confirm, login) are made signed out: they start the session.
 */

const idParams = z.object({
  id: z.coerce
    .number({ message: 'The staff member is a number: reload the staff page.' })
    .int()
    .positive('The staff member is a number: reload the staff page.')
    // Beyond the database's integer: no such member (not a failed query).
    .max(2_147_483_647, 'There is no such staff member.'),
});

// Each field's message says what to do (a missing field included), as the shop's forms do.
const staffEmail = z
  .string({ message: 'Enter the email address.' })
  .max(320, 'An email address can be at most 320 characters.');
const staffRole = z
  .string({ message: `Choose a role: ${STAFF_ROLES.join(', ')}.` })
  .max(40, `Choose a role: ${STAFF_ROLES.join(', ')}.`);

const password = z.string({ message: 'Choose a password.' }).max(1000, 'The password can be at most 1,000 characters.');

/** Step one of the one-time set-up link: the member's password (the link's one use), then the authenticator. */
export const setupCall = defineAdminCall({
  method: 'POST',
  path: 'setup',
  params: noParams,
  body: z.object({
    token: z
      .string({ message: 'The set-up link has no token: open the link from the mail again.' })
      .max(200, 'This set-up link is not valid: open the link from the mail again.'),
    password,
  }),
  data: answer<StaffEnrolment>('StaffEnrolment'),
  permission: 'signed-out',
});

const totpCode = z
  .string({ message: 'Enter the six-digit code your authenticator app shows.' })
  .max(20, 'Enter the six-digit code your authenticator app shows.');

/** Step two: a code from the authenticator confirms it; the ten recovery codes are given once. */
export const confirmSetupCall = defineAdminCall({
  method: 'POST',
  path: 'setup/confirm',
  params: noParams,
  body: z.object({
    // What step one returned: it, not the link (used up by step one), names the enrolment to confirm.
    enrolmentToken: z
      .string({ message: 'Choose your password first: the set-up has not started in this page.' })
      .max(200, 'This set-up is not valid: ask an owner for a new set-up link.'),
    code: totpCode,
  }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
  permission: 'signed-out',
});

/** Signs in with the password and a code (or a recovery code): the session cookie, and the CSRF token. */
export const loginCall = defineAdminCall({
  method: 'POST',
  path: 'login',
  params: noParams,
  body: z.object({
    email: staffEmail,
    password: z.string({ message: 'Enter your password.' }).max(1000, 'The password can be at most 1,000 characters.'),
    code: z
      .string({ message: 'Enter the code from your authenticator app, or a recovery code.' })
      .max(40, 'Enter the code from your authenticator app, or a recovery code.'),
  }),
  data: answer<StaffMe>('StaffMe'),
  permission: 'signed-out',
});

/** Who is signed in, with the CSRF token every change sends (the desk asks it on load). */
export const meCall = defineAdminCall({
  method: 'GET',
  path: 'me',
  params: noParams,
  data: answer<StaffMe>('StaffMe'),
  permission: null,
});

/** Ends this session and clears its cookie. */
export const logoutCall = defineAdminCall({
  method: 'POST',
  path: 'logout',
  params: noParams,
  data: z.null(),
  permission: null,
});

/** The roles, the actions and what each role may do (contract/staff.ts PERMISSIONS). */
export const permissionsCall = defineAdminCall({
  method: 'GET',
  path: 'permissions',
  params: noParams,
  data: answer<{
    roles: readonly StaffRole[];
    actions: readonly StaffAction[];
    permissions: Record<StaffRole, readonly StaffAction[]>;
  }>('The roles, actions and permissions of contract/staff.ts (STAFF_ROLES, STAFF_ACTIONS, PERMISSIONS)'),
  permission: null,
});

/** Every staff member, oldest first. */
export const listStaffCall = defineAdminCall({
  method: 'GET',
  path: 'staff',
  params: noParams,
  data: answer<{ items: StaffMember[] }>('A list of StaffMember in `items`'),
  permission: 'staff.list',
});

/** A member's new set-up link: mailed, or (no mail server) given to the owner to pass on. */
export interface StaffSetupLink {
  member: StaffMember;
  mailed: boolean;
  /** null when it was mailed. */
  setupUrl: string | null;
}

/** Invites a member by email with a role: a set-up link, mailed or (no mail server) given to the owner. */
export const inviteStaffCall = defineAdminCall({
  method: 'POST',
  path: 'staff',
  params: noParams,
  body: z.object({ email: staffEmail, role: staffRole }),
  data: answer<StaffSetupLink>('StaffSetupLink'),
  permission: 'staff.invite',
});

/** Changes another member's role. */
export const changeStaffRoleCall = defineAdminCall({
  method: 'POST',
  path: 'staff/:id/role',
  params: idParams,
  body: z.object({ role: staffRole }),
  data: answer<StaffMember>('StaffMember'),
  permission: 'staff.role',
});

/** Disables another member's account: its sessions end at once. */
export const disableStaffCall = defineAdminCall({
  method: 'POST',
  path: 'staff/:id/disable',
  params: idParams,
  data: answer<StaffMember>('StaffMember'),
  permission: 'staff.disable',
});

/** Enables a disabled member's account again. */
export const enableStaffCall = defineAdminCall({
  method: 'POST',
  path: 'staff/:id/enable',
  params: idParams,
  data: answer<StaffMember>('StaffMember'),
  permission: 'staff.enable',
});

/**
 * Ends the member's password, authenticator, recovery codes and sessions, and sends a new set-up
 * link. The owner-only `staff.disable` permission: a reset locks the member out until they set up again.
 */
export const resetStaffSignInCall = defineAdminCall({
  method: 'POST',
  path: 'staff/:id/reset',
  params: idParams,
  data: answer<StaffSetupLink>('StaffSetupLink'),
  permission: 'staff.disable',
});

/** The caller's own sessions, the current one marked. */
export const ownSessionsCall = defineAdminCall({
  method: 'GET',
  path: 'me/sessions',
  params: noParams,
  data: answer<{ items: StaffOwnSession[] }>('A list of StaffOwnSession in `items`'),
  permission: null,
});

/** Signs out the caller's other sessions. */
export const endOtherSessionsCall = defineAdminCall({
  method: 'POST',
  path: 'me/sessions/end-others',
  params: noParams,
  data: z.object({ ended: z.number().int().describe('How many sessions were signed out.') }),
  permission: null,
});

const ownPasswordSchema = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password.' })
    .max(1000, 'The password can be at most 1,000 characters.'),
  newPassword: z
    .string({ message: 'Choose a new password.' })
    .max(1000, 'The password can be at most 1,000 characters.'),
});

/** Changes the caller's password (the current one first); their other sessions are signed out. */
export const changeOwnPasswordCall = defineAdminCall({
  method: 'POST',
  path: 'me/password',
  params: noParams,
  body: ownPasswordSchema,
  data: z.object({ sessionsEnded: z.number().int().describe('How many other sessions were signed out.') }),
  permission: null,
});

// Beyond the database's integer, a number names no row: refused in words, not a failed query.
const auditId = (message: string) => z.coerce.number().int().positive().max(2_147_483_647, message);

/** The audit log, newest first, by staff member, action, record or dates; `before` is the next page's cursor. */
export const auditLogCall = defineAdminCall({
  method: 'GET',
  path: 'audit',
  params: noParams,
  query: z.object({
    staffId: auditId('Choose a staff member from the list.').optional(),
    /** The staff member by email, as the filter's list names them. */
    staff: z.string().max(320, 'Choose a staff member from the list.').optional(),
    action: z.string().max(80).optional(),
    recordType: z.string().max(80).optional(),
    recordId: z.string().max(80).optional(),
    ref: z.string().max(80).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    before: auditId('There are no older entries than that: reload the audit log.').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: answer<{ items: AuditView[]; nextCursor: number | null }>(
    'A page of AuditView in `items`, newest first, and `nextCursor` (the `before` of the next page, or null)',
  ),
  permission: 'audit.read',
});

/** The audit filter's choices: staff by email and the actions in words (contract/audit-log.ts). */
export const auditOptionsCall = defineAdminCall({
  method: 'GET',
  path: 'audit/options',
  params: noParams,
  data: answer<AuditFilterOptions>('AuditFilterOptions'),
  permission: 'audit.read',
});
