import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../lib/envelope.ts';
import { changeOwnPassword, endOtherSessions, listOwnSessions, resetStaffSignIn } from '../services/staff/staff-accounts.ts';
import type { AdminContext } from './admin.ts';

const idParams = z.object({ id: z.coerce.number({ message: 'The staff member is a number: reload the staff page.' }).int().positive('The staff member is a number: reload the staff page.') });

/**
 * Staff accounts (docs/decisions/0050): an owner resets another member's sign-in (the owner-only
 * `staff.disable` permission, as a reset locks the member out until they set up again), and every
 * member's own account under /me (a session is all it needs): the password and the sessions.
 */
export async function staffAccountRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const { mailer } = ctx;

  app.post('/staff/:id/reset', { preHandler: ctx.guard('staff.disable'), schema: { params: idParams } }, async (request) => {
    const reset = await resetStaffSignIn(app.db, app.config, ctx.actorOf(request), request.params.id, ctx.now());
    await mailer.send({
      to: reset.member.email,
      subject: 'Set up your Wanderlust Holidays back-office sign-in again',
      text: `An owner has reset your sign-in to the Wanderlust Holidays back office: your old password, authenticator and recovery codes no longer work, and your sessions have ended.\n\nChoose a new password and set up your authenticator app within 24 hours:\n${reset.url}\n\nIf you did not expect this, tell an owner.`,
      containsCode: true,
    });
    // Without a mail server the owner passes the link on, as with an invitation.
    return ok(
      { member: reset.member, mailed: mailer.live, setupUrl: mailer.live ? null : reset.url },
      mailer.live ? `Sign-in reset: ${reset.member.email}'s sessions have ended and a new set-up link is mailed to them.` : `Sign-in reset: ${reset.member.email}'s sessions have ended. No mail server is configured: give them this set-up link yourself.`,
    );
  });

  app.get('/me/sessions', { preHandler: ctx.guard(null) }, async (request) => ok({ items: await listOwnSessions(app.db, request.staff!, ctx.now()) }));

  app.post('/me/sessions/end-others', { preHandler: ctx.guard(null) }, async (request) => {
    const { ended } = await endOtherSessions(app.db, request.staff!, request.ip, ctx.now());
    return ok({ ended }, ended === 0 ? 'You had no other sessions.' : `Signed out ${ended} other session${ended === 1 ? '' : 's'}.`);
  });

  const passwordBody = z.object({
    currentPassword: z.string({ message: 'Enter your current password.' }).max(1000, 'The password can be at most 1,000 characters.'),
    newPassword: z.string({ message: 'Choose a new password.' }).max(1000, 'The password can be at most 1,000 characters.'),
  });
  app.post('/me/password', { preHandler: ctx.guard(null), schema: { body: passwordBody } }, async (request) => {
    const { sessionsEnded } = await changeOwnPassword(app.db, request.staff!, request.body.currentPassword, request.body.newPassword, request.ip, ctx.now());
    return ok({ sessionsEnded }, sessionsEnded === 0 ? 'Password changed.' : `Password changed: your ${sessionsEnded} other session${sessionsEnded === 1 ? ' has' : 's have'} been signed out.`);
  });
}
