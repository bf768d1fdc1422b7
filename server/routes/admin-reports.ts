import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import * as calls from '../../contract/admin-reports-calls.ts';
import type { periodQuery, salesQuery, tcsQuery } from '../../contract/admin-reports-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import {
  csvStream,
  GST_COLUMNS,
  RECEIVABLE_COLUMNS,
  SALES_COLUMNS,
  TCS_COLUMNS,
  VAT_COLUMNS,
} from '../services/reports/csv.ts';
import { period } from '../services/reports/documents.ts';
import { receivablesReport } from '../services/reports/receivables.ts';
import { salesReport } from '../services/reports/sales.ts';
import { gstSummary, tcsRegister, vatSummary } from '../services/reports/taxes.ts';
import type { AdminContext } from './admin.ts';
import { financialYearOf, siteDay } from '../../contract/calendar.ts';

/*
 * The books (permission reports.read: accounts and owner): sales, receivables, India's TCS
 * register and GST summary, the UAE's VAT summary, each as JSON and as CSV (decision 0064). Each
 * call is declared in contract/admin-reports-calls.ts (decision 0111).
 */

async function sendCsv(reply: FastifyReply, name: string, body: Readable): Promise<void> {
  await reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export async function reportRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  // Sales mixes both sites: its default month is the UAE's (the earlier clock); the India reports use India's day.
  const sales = (q: z.output<typeof salesQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'UAE'));
    return salesReport(app.db, { ...p, by: q.by, site: q.site });
  };
  const tcs = (q: z.output<typeof tcsQuery>) =>
    tcsRegister(app.db, q.fy || financialYearOf(siteDay(ctx.now(), 'IN')), (q.quarter ?? null) as 1 | 2 | 3 | 4 | null);
  const gst = (q: z.output<typeof periodQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'IN'));
    return gstSummary(app.db, p.from, p.to);
  };
  const vat = (q: z.output<typeof periodQuery>) => {
    const p = period(q.from, q.to, siteDay(ctx.now(), 'UAE'));
    return vatSummary(app.db, p.from, p.to);
  };

  adminRoute(app, ctx, calls.salesReportCall, async ({ query }) => ok(await sales(query)));
  adminRoute(app, ctx, calls.salesCsvCall, async ({ query, reply }) => {
    const r = await sales(query);
    await sendCsv(reply, `sales-${r.from}-to-${r.to}.csv`, csvStream(SALES_COLUMNS, r.rows));
  });

  adminRoute(app, ctx, calls.receivablesReportCall, async ({ query }) =>
    ok(await receivablesReport(app.db, { site: query.site, now: ctx.now() })),
  );
  adminRoute(app, ctx, calls.receivablesCsvCall, async ({ query, reply }) => {
    const r = await receivablesReport(app.db, { site: query.site, now: ctx.now() });
    await sendCsv(reply, `receivables-${r.asOf.slice(0, 10)}.csv`, csvStream(RECEIVABLE_COLUMNS, r.items));
  });

  adminRoute(app, ctx, calls.tcsReportCall, async ({ query }) => ok(await tcs(query)));
  adminRoute(app, ctx, calls.tcsCsvCall, async ({ query, reply }) => {
    const r = await tcs(query);
    await sendCsv(
      reply,
      `tcs-register-${r.fy}${r.quarter ? `-q${r.quarter}` : ''}.csv`,
      csvStream(TCS_COLUMNS, r.rows),
    );
  });

  adminRoute(app, ctx, calls.gstReportCall, async ({ query }) => ok(await gst(query)));
  adminRoute(app, ctx, calls.gstCsvCall, async ({ query, reply }) => {
    const r = await gst(query);
    await sendCsv(reply, `gst-summary-${r.from}-to-${r.to}.csv`, csvStream(GST_COLUMNS, r.rows));
  });

  adminRoute(app, ctx, calls.vatReportCall, async ({ query }) => ok(await vat(query)));
  adminRoute(app, ctx, calls.vatCsvCall, async ({ query, reply }) => {
    const r = await vat(query);
    await sendCsv(reply, `vat-summary-${r.from}-to-${r.to}.csv`, csvStream(VAT_COLUMNS, r.rows));
  });
}
