import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-inventory-calls.ts';
import { SEASON_MAX_DATES } from '../../contract/inventory.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { addSeason, listDepartures, setDeparture } from '../services/inventory/departures.ts';
import type { AdminContext } from './admin.ts';

/**
 * Departures: each date with its own allotment and stop-sale; seasons of dates (issue 21), each
 * call declared in contract/admin-inventory-calls.ts (decision 0111).
 */
export async function inventoryRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { now } = ctx;

  adminRoute(app, ctx, calls.listDeparturesCall, async ({ params, query }) =>
    ok(await listDepartures(app.db, params.id, now(), query)),
  );

  adminRoute(app, ctx, calls.setDepartureCall, async ({ params, body, actor }) => {
    const { id, date } = params;
    const departure = await setDeparture(app.db, actor, id, date, body, now());
    return ok(departure, `${date} is saved${departure.stopSale ? ' (stop-sale: no new holds)' : ''}.`);
  });

  adminRoute(app, ctx, calls.addSeasonCall, async ({ params, body, actor }) => {
    const result = await addSeason(app.db, actor, params.id, body, now());
    const parts = [`${result.created.length} dates added`];
    if (result.updated.length) parts.push(`${result.updated.length} updated`);
    if (result.kept.length) parts.push(`${result.kept.length} already scheduled and left as they were`);
    return ok(result, `${parts.join(', ')} (at most ${SEASON_MAX_DATES} a season).`);
  });
}
