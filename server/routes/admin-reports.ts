import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { siteSchema } from '../../contract/site.ts';
import { ok } from '../lib/envelope.ts';
import { csvStream, GST_COLUMNS, RECEIVABLE_COLUMNS, SALES_COLUMNS, TCS_COLUMNS, VAT_COLUMNS } from '../services/reports/csv.ts';
import { period } from '../services/reports/documents.ts';
import { receivablesReport } from '../services/reports/receivables.ts';
import { salesReport } from '../services/reports/sales.ts';
import { gstSummary, tcsRegister, vatSummary } from '../services/reports/taxes.ts';
import type { AdminContext } from './admin.ts';
import { financialYearOf, siteDay } from '../../contract/calendar.ts';

/*
 * The books (issue 21, permission reports.read: accounts and owner): sales, receivables, India's TCS
 * register and GST summary, the UAE's VAT summary, each as JSON and as CSV (decision 0064).
 */

const day = (what: string) => z.iso.date({ message: `${what}: give a date as YYYY-MM-DD.` });
const periodQuery = z.object({ from: day('from').optional(), to: day('to').optional() });
const salesQuery = periodQuery.extend({
  by: z.enum(['day', 'month'], { message: 'by must be day or month' }).default('day'),
  site: siteSchema.optional().or(z.literal('').transform(() => undefined)),
});
const receivablesQuery = z.object({ site: siteSchema.optional().or(z.literal('').transform(() => undefined)) });
const tcsQuery = z.object({
  fy: z.string().max(10).optional(),
  quarter: z.coerce.number().int().min(1, 'quarter must be 1 to 4').max(4, 'quarter must be 1 to 4').optional(),
});

function sendCsv(reply: FastifyReply, name: string, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export async function reportRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const guard = ctx.guard('reports.read');
  // Sales mixes both sites: its default month is the UAE's (the earlier clock); the India reports use India's day.
  const sales = (q: z.infer<typeof salesQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'UAE'));
    return salesReport(app.db, { ...p, by: q.by, site: q.site });
  };
  const tcs = (q: z.infer<typeof tcsQuery>) => tcsRegister(app.db, q.fy || financialYearOf(siteDay(ctx.now(), 'IN')), (q.quarter ?? null) as 1 | 2 | 3 | 4 | null);
  const gst = (q: z.infer<typeof periodQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'IN'));
    return gstSummary(app.db, p.from, p.to);
  };
  const vat = (q: z.infer<typeof periodQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'UAE'));
    return vatSummary(app.db, p.from, p.to);
  };

  app.get('/reports/sales', { preHandler: guard, schema: { querystring: salesQuery } }, async (request) => ok(await sales(request.query)));
  app.get('/reports/sales.csv', { preHandler: guard, schema: { querystring: salesQuery } }, async (request, reply) => {
    const r = await sales(request.query);
    return sendCsv(reply, `sales-${r.from}-to-${r.to}.csv`, csvStream(SALES_COLUMNS, r.rows));
  });

  app.get('/reports/receivables', { preHandler: guard, schema: { querystring: receivablesQuery } }, async (request) =>
    ok(await receivablesReport(app.db, { site: request.query.site, now: ctx.now() })),
  );
  app.get('/reports/receivables.csv', { preHandler: guard, schema: { querystring: receivablesQuery } }, async (request, reply) => {
    const r = await receivablesReport(app.db, { site: request.query.site, now: ctx.now() });
    return sendCsv(reply, `receivables-${r.asOf.slice(0, 10)}.csv`, csvStream(RECEIVABLE_COLUMNS, r.items));
  });

  app.get('/reports/tcs', { preHandler: guard, schema: { querystring: tcsQuery } }, async (request) => ok(await tcs(request.query)));
  app.get('/reports/tcs.csv', { preHandler: guard, schema: { querystring: tcsQuery } }, async (request, reply) => {
    const r = await tcs(request.query);
    return sendCsv(reply, `tcs-register-${r.fy}${r.quarter ? `-q${r.quarter}` : ''}.csv`, csvStream(TCS_COLUMNS, r.rows));
  });

  app.get('/reports/gst', { preHandler: guard, schema: { querystring: periodQuery } }, async (request) => ok(await gst(request.query)));
  app.get('/reports/gst.csv', { preHandler: guard, schema: { querystring: periodQuery } }, async (request, reply) => {
    const r = await gst(request.query);
    return sendCsv(reply, `gst-summary-${r.from}-to-${r.to}.csv`, csvStream(GST_COLUMNS, r.rows));
  });

  app.get('/reports/vat', { preHandler: guard, schema: { querystring: periodQuery } }, async (request) => ok(await vat(request.query)));
  app.get('/reports/vat.csv', { preHandler: guard, schema: { querystring: periodQuery } }, async (request, reply) => {
    const r = await vat(request.query);
    return sendCsv(reply, `vat-summary-${r.from}-to-${r.to}.csv`, csvStream(VAT_COLUMNS, r.rows));
  });
}
