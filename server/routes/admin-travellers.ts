import type { FastifyInstance } from 'fastify';
import {
  eraseTravellerCall,
  exportTravellerCall,
  listTravellersCall,
  travellerDetailCall,
} from '../../contract/admin-travellers-calls.ts';
import { siteDays } from '../../contract/calendar.ts';
import { can } from '../../contract/staff.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { eraseTraveller, exportTraveller, listTravellers, travellerDetail } from '../services/desk/traveller-list.ts';
import { shopDetails } from '../services/shop-details.ts';
import type { StaffSession } from '../services/staff/staff.ts';
import type { AdminContext } from './admin.ts';

/**
 * The desk's travellers (decision 0097): the list and a traveller's page (travellers.read: owner,
 * agent, accounts; contact details masked without travellers.contact), the traveller's data as the
 * shop's own "Download my data" gives it (travellers.contact: it holds their contact details), and the
 * erasure of their account on their request under the shop's own deletion rule (travellers.edit).
 * Both are audited. Each call is declared in contract/admin-travellers-calls.ts (decision 0111).
 */
export async function travellerRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const contact = (staff: StaffSession) => can(staff.role, 'travellers.contact');

  adminRoute(app, ctx, listTravellersCall, async ({ query, staff }) =>
    ok(await listTravellers(app.db, query, contact(staff))),
  );

  adminRoute(app, ctx, travellerDetailCall, async ({ params, staff }) =>
    ok(await travellerDetail(app.db, params.id, siteDays(ctx.now()), contact(staff), ctx.now())),
  );

  adminRoute(app, ctx, exportTravellerCall, async ({ params, actor, reply }) => {
    const data = await exportTraveller(app.db, actor, params.id, ctx.now());
    reply.header('content-disposition', `attachment; filename="traveller-${params.id}-data.json"`);
    return ok(data);
  });

  adminRoute(app, ctx, eraseTravellerCall, async ({ params, body, actor }) => {
    await eraseTraveller(
      app.db,
      app.files,
      actor,
      params.id,
      body.confirm,
      (site) => shopDetails(app.config, site),
      ctx.now(),
    );
    return ok(
      null,
      'The account is erased: its sign-in, profile, cart and uploaded documents are gone; bookings and invoices keep only what tax law needs.',
    );
  });
}
