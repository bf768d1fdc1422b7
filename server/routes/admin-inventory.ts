import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEASON_MAX_DATES } from '../../contract/inventory.ts';
import { ok } from '../lib/envelope.ts';
import { addSeason, listDepartures, setDeparture } from '../services/inventory/departures.ts';
import type { AdminContext } from './admin.ts';

const isoDay = (what: string) => z.string({ message: `${what} is required.` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date as YYYY-MM-DD.`).refine((s) => !Number.isNaN(Date.parse(s)), `${what} is not a real date.`);
const allotment = z
  .number({ message: 'Rooms must be a whole number, or empty for the package’s default.' })
  .int('Rooms must be a whole number.')
  .min(0, 'Rooms cannot be negative.')
  .max(10_000, 'At most 10,000 rooms a date.')
  .nullable();

/** Departures: each date with its own allotment and stop-sale; seasons of dates (issue 21). */
export async function inventoryRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const guard = ctx.guard('catalogue.edit');
  const pkgParams = z.object({ id: z.coerce.number({ message: 'The package id must be a number.' }).int().positive('The package id must be a number.') });

  const listQuery = z.object({ from: isoDay('From').optional(), to: isoDay('To').optional() });
  app.get('/packages/:id/departures', { preHandler: guard, schema: { params: pkgParams, querystring: listQuery } }, async (request) => {
    return ok(await listDepartures(app.db, request.params.id, ctx.now(), request.query));
  });

  const dateParams = pkgParams.extend({ date: isoDay('The travel date') });
  const changeBody = z
    .object({ rooms: allotment.optional(), stopSale: z.boolean({ message: 'Stop-sale is true or false.' }).optional() })
    .refine((b) => b.rooms !== undefined || b.stopSale !== undefined, 'Send rooms, stopSale or both.');
  app.post('/packages/:id/departures/:date', { preHandler: guard, schema: { params: dateParams, body: changeBody } }, async (request) => {
    const { id, date } = request.params;
    const departure = await setDeparture(app.db, ctx.actorOf(request), id, date, request.body, ctx.now());
    return ok(departure, `${date} is saved${departure.stopSale ? ' (stop-sale: no new holds)' : ''}.`);
  });

  const seasonBody = z.object({
    from: isoDay('From'),
    to: isoDay('To'),
    weekdays: z
      .array(z.number().int().min(0).max(6), { message: 'Choose at least one weekday.' })
      .min(1, 'Choose at least one weekday.')
      .max(7),
    rooms: allotment,
    existing: z.enum(['update', 'keep'], { message: 'Existing dates are either updated or kept.' }).default('keep'),
  });
  app.post('/packages/:id/departures/season', { preHandler: guard, schema: { params: pkgParams, body: seasonBody } }, async (request) => {
    const result = await addSeason(app.db, ctx.actorOf(request), request.params.id, request.body, ctx.now());
    const parts = [`${result.created.length} dates added`];
    if (result.updated.length) parts.push(`${result.updated.length} updated`);
    if (result.kept.length) parts.push(`${result.kept.length} already scheduled and left as they were`);
    return ok(result, `${parts.join(', ')} (at most ${SEASON_MAX_DATES} a season).`);
  });
}
