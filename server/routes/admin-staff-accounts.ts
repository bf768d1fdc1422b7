import type { FastifyInstance } from 'fastify';
import {
  changeOwnPasswordCall,
  endOtherSessionsCall,
  ownSessionsCall,
  resetStaffSignInCall,
} from '../../contract/admin-staff-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import {
  changeOwnPassword,
  endOtherSessions,
  listOwnSessions,
  resetStaffSignIn,
} from '../services/staff/staff-accounts.ts';
import type { AdminContext } from './admin.ts';

/**
 * Staff accounts (docs/decisions/0050): an owner resets another member's sign-in, and every
 * member's own account under /me: the password and the sessions. Each call is declared in
 * contract/admin-staff-calls.ts (decision 0111).
 */
export async function staffAccountRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { mailer, now } = ctx;

  adminRoute(app, ctx, resetStaffSignInCall, async ({ params, actor }) => {
    const reset = await resetStaffSignIn(app.db, app.config, actor, params.id, now());
    await mailer.send({
      to: reset.member.email,
      subject: 'Set up your Wanderlust Holidays back-office sign-in again',
      text: `An owner has reset your sign-in to the Wanderlust Holidays back office: your old password, authenticator and recovery codes no longer work, and your sessions have ended.\n\nChoose a new password and set up your authenticator app within 24 hours:\n${reset.url}\n\nIf you did not expect this, tell an owner.`,
      containsCode: true,
    });
    // Without a mail server the owner passes the link on, as with an invitation.
    return ok(
      { member: reset.member, mailed: mailer.live, setupUrl: mailer.live ? null : reset.url },
      mailer.live
        ? `Sign-in reset: ${reset.member.email}'s sessions have ended and a new set-up link is mailed to them.`
        : `Sign-in reset: ${reset.member.email}'s sessions have ended. No mail server is configured: give them this set-up link yourself.`,
    );
  });

  adminRoute(app, ctx, ownSessionsCall, async ({ staff }) =>
    ok({ items: await listOwnSessions(app.db, staff, now()) }),
  );

  adminRoute(app, ctx, endOtherSessionsCall, async ({ staff, request }) => {
    const { ended } = await endOtherSessions(app.db, staff, request.ip, now());
    return ok(
      { ended },
      ended === 0 ? 'You had no other sessions.' : `Signed out ${ended} other session${ended === 1 ? '' : 's'}.`,
    );
  });

  adminRoute(app, ctx, changeOwnPasswordCall, async ({ body, staff, request }) => {
    const { sessionsEnded } = await changeOwnPassword(
      app.db,
      staff,
      body.currentPassword,
      body.newPassword,
      request.ip,
      now(),
    );
    return ok(
      { sessionsEnded },
      sessionsEnded === 0
        ? 'Password changed.'
        : `Password changed: your ${sessionsEnded} other session${sessionsEnded === 1 ? ' has' : 's have'} been signed out.`,
    );
  });
}
