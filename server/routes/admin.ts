import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from 'zod';
import {
  auditLogCall,
  auditOptionsCall,
  changeStaffRoleCall,
  disableStaffCall,
  enableStaffCall,
  inviteStaffCall,
  confirmSetupCall,
  listStaffCall,
  loginCall,
  logoutCall,
  meCall,
  permissionsCall,
  setupCall,
} from '../../contract/admin-staff-calls.ts';
import { ADMIN_API_PREFIX } from '../../contract/admin-api.ts';
import { PERMISSIONS, STAFF_ACTIONS, STAFF_ROLES, type StaffAction } from '../../contract/staff.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { publicUrl } from '../config.ts';
import { ok, sendError } from '../lib/envelope.ts';
import { createMailer } from '../services/mail.ts';
import { qrSvg } from '../services/documents/qr.ts';
import { auditFilterOptions, listAudit, type Actor } from '../services/staff/audit.ts';
import {
  allowed,
  changeRole,
  confirmSetup,
  csrfMatches,
  csrfOf,
  endStaffSession,
  findStaffSession,
  inviteStaff,
  listStaff,
  setEnabled,
  staffLogin,
  startSetup,
  type StaffSession,
} from '../services/staff/staff.ts';
import { readCookies } from './auth.ts';
import { deskRoutes } from './admin-desk.ts';
import { deskMoneyRoutes } from './admin-money.ts';
import { deskRefundRoutes } from './admin-refunds.ts';
import { deskMoneyDocumentRoutes } from './admin-money-documents.ts';
import { deskRequestRoutes } from './admin-requests.ts';
import { deskAmendRoutes } from './admin-amend.ts';
import { catalogueRoutes } from './admin-catalogue.ts';
import { inventoryRoutes } from './admin-inventory.ts';
import { promotionRoutes } from './admin-promotions.ts';
import { enquiryInboxRoutes } from './admin-enquiries.ts';
import { enquiryReplyRoutes } from './admin-enquiry-replies.ts';
import { reportRoutes } from './admin-reports.ts';
import { supplierRoutes } from './admin-suppliers.ts';
import { travellerRoutes } from './admin-travellers.ts';
import { documentRegisterRoutes } from './admin-documents.ts';
import { staffAccountRoutes } from './admin-staff-accounts.ts';
import { deskNewBookingRoutes } from './admin-new-booking.ts';
import type { Mailer } from '../services/mail.ts';

export type StaffActor = Actor & { staffId: number };

/**
 * What every admin route file gets: the guard (session, CSRF, permission), the actor of a request, the clock and the
 * mailer.
 */
export interface AdminContext {
  guard: (action: StaffAction | null) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  actorOf: (request: FastifyRequest) => StaffActor;
  now: () => Date;
  mailer: Mailer;
}

/** The staff session cookie: HttpOnly, SameSite=Strict, sent to the admin API only. */
export const STAFF_COOKIE = 'staff_session';
export const CSRF_HEADER = 'x-csrf-token';
/** Header of `npm run staff` asking the running server (PGlite holds the data folder). */
export const CLI_SECRET_HEADER = 'x-staff-cli-secret';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffSession;
  }
}

export interface AdminOptions {
  /** The clock (tests pass their own). */
  now: () => Date;
  /** Secret of the loopback call `npm run staff` makes while this server holds the data folder. */
  cliSecret?: string;
  /**
   * The embedded database's backup (Database.backup), for `npm run db:backup` while this server holds the data folder.
   */
  backupDatabase?: () => Promise<Blob>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * /api/admin: staff sign-in, staff management and the audit log (docs/decisions/0050). Every call
 * but set-up and sign-in needs a staff session (401), every state-changing one its CSRF token
 * (403), and each checks the role's permission on the server (403, nothing changed). The calls
 * behind the guard are declared in contract/admin-staff-calls.ts and registered by adminRoute
 * (decision 0111); set-up and sign-in (no session yet) and the command line's /cli calls (their own
 * loopback secret, no session) keep their routes here.
 */
export async function adminRoutes(appIn: FastifyInstance, opts: AdminOptions) {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const { now } = opts;
  const mailer = createMailer(app.config, app.log);
  const secure = publicUrl(app.config).startsWith('https:');
  const cookie = (value: string, maxAge?: number) =>
    [
      `${STAFF_COOKIE}=${value}`,
      `Path=${ADMIN_API_PREFIX}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
      ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ].join('; ');

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    done(null, payload);
  });
  // A change staff made (a package, a deal, a banner, a coupon) is in this process's caches of the shop's pages and
  // shared answers before staff read "the shop shows it now": the content version is read as the answer goes, not at
  // the next look (the deployment's other processes see it within CONTENT_CHECK_MS, server/app.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      await app.contentVersion
        .check()
        .catch((err: unknown) => request.log.warn({ err }, 'reading the content version failed'));
    return payload;
  });
  // The guard runs before the body and query are checked (Fastify checks them before preHandler):
  // a caller without a session, its CSRF token or the permission learns nothing of what a call
  // takes, and gets 401 or 403 as decision 0050 orders the checks, whatever it sent.
  app.addHook('onRoute', (route) => {
    const hooks = [route.preHandler].flat().filter((h) => h !== undefined);
    const guardHook = hooks.find((h) => 'staffAction' in h);
    if (!guardHook) return;
    route.preHandler = hooks.filter((h) => h !== guardHook);
    route.preValidation = [guardHook, ...[route.preValidation].flat().filter((h) => h !== undefined)];
  });
  const actorOf = (request: FastifyRequest): StaffActor => ({
    staffId: request.staff!.staffId,
    role: request.staff!.role,
    clientAddress: request.ip,
  });

  /** The session (401 without one), the CSRF token on a change (403), then the role's permission (403). */
  const guardOf = (action: StaffAction | null) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findStaffSession(app.db, readCookies(request)[STAFF_COOKIE], now());
    if (!session) return sendError(reply, 401, 'Please sign in to the back office.');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const sent = request.headers[CSRF_HEADER];
      if (!csrfMatches(session, typeof sent === 'string' ? sent : undefined))
        return sendError(reply, 403, 'The request has no valid CSRF token: reload the page and try again.');
    }
    request.staff = session;
    if (action) allowed(session, action);
  };

  /** The guard, carrying its permission: the API document names the one each call needs (server/openapi.ts). */
  const guard = (action: StaffAction | null) => Object.assign(guardOf(action), { staffAction: action });

  // The booking desk (issue 20): each part in its own file, with the same guard and clock.
  const desk: AdminContext = { guard, actorOf, now, mailer };
  await deskRoutes(app, desk);
  await deskMoneyRoutes(app, desk);
  await deskRefundRoutes(app, desk);
  await deskMoneyDocumentRoutes(app, desk);
  await deskRequestRoutes(app, desk);
  // Amending a booking: its new date's difference, settled as money (decision 0096).
  await deskAmendRoutes(app, desk);
  // Issue 21: the catalogue, departures, promotions, the enquiries inbox (and the dashboard), the books.
  await catalogueRoutes(app, desk);
  await inventoryRoutes(app, desk);
  await promotionRoutes(app, desk);
  await enquiryInboxRoutes(app, desk);
  // Issue 31: replies, saved templates and quotes from an enquiry (decision 0101).
  await enquiryReplyRoutes(app, desk);
  await reportRoutes(app, desk);
  // Issue 31: suppliers' confirmations (docs/decisions/0098).
  await supplierRoutes(app, desk);
  // Issue 31: the travellers and the documents register (decision 0097).
  await travellerRoutes(app, desk);
  await documentRegisterRoutes(app, desk);
  // Issue 31: an owner's reset of a member's sign-in, and each member's own account (/me).
  await staffAccountRoutes(app, desk);
  // Issue 31: a booking made at the desk, to pay later or with a payment link (decision 0095).
  await deskNewBookingRoutes(app, desk);

  // Set-up and sign-in are made signed out: they start the session (contract/admin-staff-calls.ts).
  adminRoute(app, desk, setupCall, async ({ body }) => {
    const setup = await startSetup(app.db, body.token, body.password, now());
    return ok(
      { ...setup, qrSvg: qrSvg(setup.otpauthUri) },
      'Scan the code with your authenticator app, then enter the code it shows.',
    );
  });

  adminRoute(app, desk, confirmSetupCall, async ({ body, request }) => {
    const result = await confirmSetup(app.db, body.enrolmentToken, body.code, request.ip, now());
    return ok(result, 'Your account is ready. Keep the recovery codes somewhere safe: each works once.');
  });

  adminRoute(app, desk, loginCall, async ({ body, request, reply }) => {
    const { token, csrfToken, member } = await staffLogin(
      app.db,
      app.config,
      body.email,
      body.password,
      body.code,
      request.ip,
      now(),
      request.headers['user-agent'],
    );
    reply.header('set-cookie', cookie(token));
    return ok(
      { csrfToken, id: member.id, email: member.email, role: member.role, actions: [...PERMISSIONS[member.role]] },
      'Signed in.',
    );
  });

  adminRoute(app, desk, logoutCall, async ({ staff, request, reply }) => {
    await endStaffSession(app.db, staff, request.ip, now());
    reply.header('set-cookie', cookie('', 0));
    return ok(null, 'Signed out.');
  });

  adminRoute(app, desk, meCall, async ({ staff: s, request }) =>
    ok({
      id: s.staffId,
      email: s.email,
      role: s.role,
      actions: [...PERMISSIONS[s.role]],
      csrfToken: csrfOf(app.config, readCookies(request)[STAFF_COOKIE]!),
    }),
  );

  adminRoute(app, desk, permissionsCall, async () =>
    ok({ roles: STAFF_ROLES, actions: STAFF_ACTIONS, permissions: PERMISSIONS }),
  );

  adminRoute(app, desk, listStaffCall, async () => ok({ items: await listStaff(app.db) }));

  adminRoute(app, desk, inviteStaffCall, async ({ body, actor }) => {
    const invite = await inviteStaff(app.db, app.config, actor, body.email, body.role, now());
    await mailer.send({
      to: invite.member.email,
      subject: 'Your Wanderlust Holidays back-office account',
      text: `You have been invited to the Wanderlust Holidays back office as ${invite.member.role}.\n\nSet your password and authenticator app within 24 hours:\n${invite.url}\n\nIf you did not expect this, ignore this mail.`,
      containsCode: true,
    });
    // Without a mail server the owner passes the link on.
    return ok(
      { member: invite.member, mailed: mailer.live, setupUrl: mailer.live ? null : invite.url },
      mailer.live
        ? `Invitation mailed to ${invite.member.email}.`
        : 'No mail server is configured: give this set-up link to the person yourself.',
    );
  });

  adminRoute(app, desk, changeStaffRoleCall, async ({ params, body, actor }) =>
    ok(await changeRole(app.db, actor, params.id, body.role, now()), 'Role changed.'),
  );
  adminRoute(app, desk, disableStaffCall, async ({ params, actor }) =>
    ok(await setEnabled(app.db, actor, params.id, false, now()), 'Account disabled: its sessions have ended.'),
  );
  adminRoute(app, desk, enableStaffCall, async ({ params, actor }) =>
    ok(await setEnabled(app.db, actor, params.id, true, now()), 'Account enabled.'),
  );

  adminRoute(app, desk, auditLogCall, async ({ query: q }) =>
    ok(
      await listAudit(app.db, {
        staffId: q.staffId,
        staffEmail: q.staff || undefined,
        action: q.action || undefined,
        recordType: q.ref ? 'booking' : q.recordType || undefined,
        recordId: q.ref ?? (q.recordId || undefined),
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        to: q.to ? new Date(`${q.to}T23:59:59.999Z`) : undefined,
        before: q.before,
        limit: q.limit,
      }),
    ),
  );
  adminRoute(app, desk, auditOptionsCall, async () => ok(await auditFilterOptions(app.db)));

  // `npm run staff -- add` while this server holds the PGlite data folder: from this machine only,
  // with the secret this server wrote to DATA_DIR (readable by whoever may read the database).
  if (opts.cliSecret) {
    const secret = opts.cliSecret;
    app.post(
      '/cli/add',
      { schema: { body: z.object({ email: z.string().max(320), role: z.string().max(40) }) } },
      async (request, reply) => {
        const sent = request.headers[CLI_SECRET_HEADER];
        if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof sent !== 'string' || !safeEqual(sent, secret)) {
          return sendError(reply, 403, 'Not allowed.');
        }
        const invite = await inviteStaff(
          app.db,
          app.config,
          { staffId: null, role: null, clientAddress: 'npm run staff' },
          request.body.email,
          request.body.role,
          now(),
        );
        return ok({ member: invite.member, setupUrl: invite.url });
      },
    );

    // `npm run db:backup` while this server holds the PGlite data folder: the database's folder,
    // dumped between transactions (server/services/backup.ts); the script adds the files itself.
    app.post('/cli/backup', async (request, reply) => {
      const sent = request.headers[CLI_SECRET_HEADER];
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof sent !== 'string' || !safeEqual(sent, secret)) {
        return sendError(reply, 403, 'Not allowed.');
      }
      if (!opts.backupDatabase) return sendError(reply, 409, 'This server keeps no embedded database to back up.');
      const dump = await opts.backupDatabase();
      app.log.info(`backup: database folder dumped for npm run db:backup (${Math.round(dump.size / 1024)} KB)`);
      return reply.type('application/gzip').send(Readable.fromWeb(dump.stream() as NodeReadableStream));
    });
  }
}
