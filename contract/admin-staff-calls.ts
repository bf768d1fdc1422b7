import { z } from 'zod';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import type { StaffOwnSession } from './desk.ts';
import type { StaffMember } from './staff.ts';

/*
 * Staff accounts (docs/decisions/0050), declared once here (decision 0111): an owner resets
 * another member's sign-in, and every member's own account under /me (a session is all it needs):
 * the password and the sessions. server/routes/admin-staff-accounts.ts registers them.
 */

const idParams = z.object({
  id: z.coerce
    .number({ message: 'The staff member is a number: reload the staff page.' })
    .int()
    .positive('The staff member is a number: reload the staff page.'),
});

/** A member's new set-up link: mailed, or (no mail server) given to the owner to pass on. */
export interface StaffSetupLink {
  member: StaffMember;
  mailed: boolean;
  /** null when it was mailed. */
  setupUrl: string | null;
}

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
