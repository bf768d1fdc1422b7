import type { FastifyInstance } from 'fastify';
import { bookingSuppliersCall, setSupplierCall, suppliersDueCall } from '../../contract/admin-suppliers-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { bookingSuppliers, setSupplierConfirmation, suppliersDue } from '../services/desk/suppliers.ts';
import type { AdminContext } from './admin.ts';

/**
 * Suppliers' confirmations (docs/decisions/0098): a booking's services with their numbers and
 * statuses, setting one (suppliers.confirm, audited), and the list of bookings travelling soon
 * whose confirmation is missing or declined. Each call is declared in
 * contract/admin-suppliers-calls.ts (decision 0111).
 */
export async function supplierRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, suppliersDueCall, async ({ query }) =>
    ok({ days: query.days, items: await suppliersDue(app.db, app.config, ctx.now(), query.days) }),
  );

  adminRoute(app, ctx, bookingSuppliersCall, async ({ params }) =>
    ok(await bookingSuppliers(app.db, app.config, params.ref)),
  );

  adminRoute(app, ctx, setSupplierCall, async ({ params, body, actor }) => {
    const result = await setSupplierConfirmation(app.db, app.config, actor, params.ref, params.lineId, body, ctx.now());
    const said =
      result.status === 'confirmed'
        ? `${result.label}: confirmed, number ${result.number}.`
        : `${result.label}: ${result.status}.`;
    return ok(result, result.vouchersMailed ? `${said} The traveller is mailed their updated vouchers.` : said);
  });
}
