import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../lib/envelope.ts';
import { documentRegister, documentRegisterQuery, emirateOf, returnsCsv } from '../services/documents/register.ts';
import { shopDetails } from '../services/shop-details.ts';
import type { AdminContext } from './admin.ts';
import { siteDay } from '../../contract/calendar.ts';

/**
 * The documents register (decision 0097, permission documents.read: owner and accounts): a site's
 * documents of a month (default: this month in the site's time), each opening its PDF through the
 * booking's own PDF routes, and the month's returns CSV (GSTR-1 on India, VAT 201 on the UAE).
 */
export async function documentRegisterRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const guard = ctx.guard('documents.read');
  const monthOf = (q: { site: 'UAE' | 'IN'; month?: string }) => q.month ?? siteDay(ctx.now(), q.site).slice(0, 7);

  app.get('/documents', { preHandler: guard, schema: { querystring: documentRegisterQuery } }, async (request) =>
    ok(await documentRegister(app.db, request.query.site, monthOf(request.query), request.query.kind)),
  );

  app.get('/documents.csv', { preHandler: guard, schema: { querystring: documentRegisterQuery } }, async (request, reply) => {
    const { site } = request.query;
    const month = monthOf(request.query);
    const body = await returnsCsv(app.db, site, month, emirateOf(shopDetails(app.config, 'UAE').address));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${site === 'IN' ? 'gstr-1' : 'vat-201'}-${month}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
