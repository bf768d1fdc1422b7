import type { FastifyInstance } from 'fastify';
import { declineRequestCall, listRequestsCall, REQUEST_MESSAGES } from '../../contract/admin-requests-calls.ts';
import { can } from '../../contract/staff.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { declineRequest, listRequests } from '../services/desk/requests.ts';
import type { AdminContext } from './admin.ts';

/**
 * Travellers' cancellation requests: the queue and the decline (approval is the cancellation in admin-refunds.ts).
 * Each call is declared in contract/admin-requests-calls.ts (decision 0111).
 */
export async function deskRequestRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, listRequestsCall, async ({ query, staff }) => {
    const items = await listRequests(app.db, query.status, {
      now: ctx.now(),
      contact: can(staff.role, 'travellers.contact'),
    });
    return ok({ items });
  });

  adminRoute(app, ctx, declineRequestCall, async ({ params, body, actor }) => {
    const { request: declined, booking } = await declineRequest(
      app.db,
      app.config,
      actor,
      params.id,
      body.message,
      ctx.now(),
    );
    return ok(
      {
        id: declined.id,
        RefIdKey: booking.refIdKey,
        status: declined.status,
        decisionMessage: declined.decisionMessage,
      },
      REQUEST_MESSAGES.declined,
    );
  });
}
