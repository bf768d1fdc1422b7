import type { FastifyInstance } from 'fastify';
import { documentRegisterCall, documentReturnsCsvCall } from '../../contract/admin-documents-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { documentRegister, emirateOf, returnsCsv } from '../services/documents/register.ts';
import { shopDetails } from '../services/shop-details.ts';
import type { AdminContext } from './admin.ts';
import { siteDay } from '../../contract/calendar.ts';

/**
 * The documents register (decision 0097, permission documents.read: owner and accounts): a site's
 * documents of a month (default: this month in the site's time), each opening its PDF through the
 * booking's own PDF routes, and the month's returns CSV (GSTR-1 on India, VAT 201 on the UAE).
 * Each call is declared in contract/admin-documents-calls.ts (decision 0111).
 */
export async function documentRegisterRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const monthOf = (q: { site: 'UAE' | 'IN'; month?: string }) => q.month ?? siteDay(ctx.now(), q.site).slice(0, 7);

  adminRoute(app, ctx, documentRegisterCall, async ({ query }) =>
    ok(await documentRegister(app.db, query.site, monthOf(query), query.kind)),
  );

  adminRoute(app, ctx, documentReturnsCsvCall, async ({ query, reply }) => {
    const { site } = query;
    const month = monthOf(query);
    const body = await returnsCsv(app.db, site, month, emirateOf(shopDetails(app.config, 'UAE').address));
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${site === 'IN' ? 'gstr-1' : 'vat-201'}-${month}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
