import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPLIER_DUE_DAYS, SUPPLIER_DUE_MAX_DAYS, SUPPLIER_STATUSES } from '../../contract/desk-suppliers.ts';
import { ok } from '../lib/envelope.ts';
import { bookingSuppliers, setSupplierConfirmation, suppliersDue } from '../services/desk/suppliers.ts';
import type { AdminContext } from './admin.ts';

const refParams = z.object({ ref: z.string().min(1).max(40) });
const lineParams = refParams.extend({
  lineId: z.coerce
    .number({ message: 'The line is a number: reload the booking page.' })
    .int()
    .positive('The line is a number: reload the booking page.'),
});

/**
 * Suppliers' confirmations (docs/decisions/0098): a booking's services with their numbers and
 * statuses, setting one (suppliers.confirm, audited), and the list of bookings travelling soon
 * whose confirmation is missing or declined.
 */
export async function supplierRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();

  const dueQuery = z.object({
    days: z.coerce
      .number({ message: `days is a number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.` })
      .int(`days is a whole number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.`)
      .min(0, `days is a number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.`)
      .max(SUPPLIER_DUE_MAX_DAYS, `The list looks at most ${SUPPLIER_DUE_MAX_DAYS} days ahead.`)
      .default(SUPPLIER_DUE_DAYS),
  });
  app.get(
    '/supplier-confirmations',
    { preHandler: ctx.guard('suppliers.confirm'), schema: { querystring: dueQuery } },
    async (request) =>
      ok({ days: request.query.days, items: await suppliersDue(app.db, app.config, ctx.now(), request.query.days) }),
  );

  app.get(
    '/bookings/:ref/suppliers',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } },
    async (request) => ok(await bookingSuppliers(app.db, app.config, request.params.ref)),
  );

  const statusText = SUPPLIER_STATUSES.join(', ');
  const body = z.object({
    service: z
      .string({ message: 'The service is a word such as stay-1, transfer or sightseeing.' })
      .max(40, 'The service is a word such as stay-1, transfer or sightseeing.')
      .optional(),
    status: z.enum(SUPPLIER_STATUSES, { message: `Choose the supplier's status: ${statusText}.` }),
    number: z
      .string({ message: 'The confirmation number is text.' })
      .max(60, 'A confirmation number can be at most 60 characters.')
      .optional(),
    note: z.string({ message: 'The note is text.' }).max(500, 'A note can be at most 500 characters.').optional(),
  });
  app.post(
    '/bookings/:ref/lines/:lineId/supplier',
    { preHandler: ctx.guard('suppliers.confirm'), schema: { params: lineParams, body } },
    async (request) => {
      const result = await setSupplierConfirmation(
        app.db,
        app.config,
        ctx.actorOf(request),
        request.params.ref,
        request.params.lineId,
        request.body,
        ctx.now(),
      );
      const said =
        result.status === 'confirmed'
          ? `${result.label}: confirmed, number ${result.number}.`
          : `${result.label}: ${result.status}.`;
      return ok(result, result.vouchersMailed ? `${said} The traveller is mailed their updated vouchers.` : said);
    },
  );
}
