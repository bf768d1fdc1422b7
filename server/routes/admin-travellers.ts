import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../contract/staff.ts';
import { ok } from '../lib/envelope.ts';
import {
  eraseTraveller,
  exportTraveller,
  listTravellers,
  travellerDetail,
  travellerListQuery,
} from '../services/desk/traveller-list.ts';
import { shopDetails } from '../services/shop-details.ts';
import type { AdminContext } from './admin.ts';
import { siteDays } from '../../contract/calendar.ts';

const idParams = z.object({
  id: z.coerce
    .number({ message: 'Give the traveller’s number.' })
    .int()
    .positive('Give the traveller’s number.')
    .max(2_147_483_647, 'No traveller has that number.'),
});
const eraseBody = z.object({
  confirm: z
    .string({ message: 'Type ERASE to confirm that this traveller’s account should be erased.' })
    .max(20, 'Type ERASE to confirm that this traveller’s account should be erased.'),
});

/**
 * The desk's travellers (decision 0097): the list and a traveller's page (travellers.read: owner,
 * agent, accounts; contact details masked without travellers.contact), the traveller's data as the
 * shop's own "Download my data" gives it (travellers.contact: it holds their contact details), and the
 * erasure of their account on their request under the shop's own deletion rule (travellers.edit).
 * Both are audited.
 */
export async function travellerRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const contact = (request: FastifyRequest) => can(request.staff!.role, 'travellers.contact');

  app.get(
    '/travellers',
    { preHandler: ctx.guard('travellers.read'), schema: { querystring: travellerListQuery } },
    async (request) => ok(await listTravellers(app.db, request.query, contact(request))),
  );

  app.get(
    '/travellers/:id',
    { preHandler: ctx.guard('travellers.read'), schema: { params: idParams } },
    async (request) =>
      ok(await travellerDetail(app.db, request.params.id, siteDays(ctx.now()), contact(request), ctx.now())),
  );

  app.get(
    '/travellers/:id/export',
    { preHandler: ctx.guard('travellers.contact'), schema: { params: idParams } },
    async (request, reply) => {
      const data = await exportTraveller(app.db, ctx.actorOf(request), request.params.id, ctx.now());
      return reply
        .header('content-disposition', `attachment; filename="traveller-${request.params.id}-data.json"`)
        .send(ok(data));
    },
  );

  app.post(
    '/travellers/:id/erase',
    { preHandler: ctx.guard('travellers.edit'), schema: { params: idParams, body: eraseBody } },
    async (request) => {
      await eraseTraveller(
        app.db,
        app.files,
        ctx.actorOf(request),
        request.params.id,
        request.body.confirm,
        (site) => shopDetails(app.config, site),
        ctx.now(),
      );
      return ok(
        null,
        'The account is erased: its sign-in, profile, cart and uploaded documents are gone; bookings and invoices keep only what tax law needs.',
      );
    },
  );
}
