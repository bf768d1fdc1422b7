import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CANCELLATION_REQUEST_STATUSES } from '../../contract/cancellation-calls.ts';
import { can } from '../../contract/staff.ts';
import { ok } from '../lib/envelope.ts';
import { declineRequest, listRequests, REQUEST_MESSAGES } from '../services/desk/requests.ts';
import type { AdminContext } from './admin.ts';

/**
 * Travellers' cancellation requests: the queue and the decline (approval is the cancellation in admin-refunds.ts).
 */
export async function deskRequestRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();

  const listQuery = z.object({
    status: z
      .enum(CANCELLATION_REQUEST_STATUSES, { message: 'status must be pending, approved or declined' })
      .default('pending'),
  });
  app.get(
    '/cancellation-requests',
    { preHandler: ctx.guard('cancellations.request'), schema: { querystring: listQuery } },
    async (request) => {
      const items = await listRequests(app.db, request.query.status, {
        now: ctx.now(),
        contact: can(request.staff!.role, 'travellers.contact'),
      });
      return ok({ items });
    },
  );

  const idParams = z.object({ id: z.coerce.number().int().positive() });
  const declineBody = z.object({
    message: z
      .string({ message: REQUEST_MESSAGES.messageNeeded })
      .max(2000, 'Keep the message under 2,000 characters.'),
  });
  app.post(
    '/cancellation-requests/:id/decline',
    { preHandler: ctx.guard('cancellations.request'), schema: { params: idParams, body: declineBody } },
    async (request) => {
      const { request: declined, booking } = await declineRequest(
        app.db,
        app.config,
        ctx.actorOf(request),
        request.params.id,
        request.body.message,
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
    },
  );
}
