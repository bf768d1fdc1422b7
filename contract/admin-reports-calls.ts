import { z } from 'zod';
import { answer, csvFile, defineAdminCall, noParams } from './admin-api.ts';
import type { GstReport, ReceivablesReport, SalesReport, TcsReport, VatReport } from './reports.ts';
import { siteSchema } from './site.ts';

/*
 * The books (permission reports.read: accounts and owner), declared once here (decision 0111):
 * sales, receivables, India's TCS register and GST summary, the UAE's VAT summary, each as JSON
 * and as a CSV download (decision 0064). server/routes/admin-reports.ts registers them.
 */

const day = (what: string) => z.iso.date({ message: `${what}: give a date as YYYY-MM-DD.` });
/** From and to (site days); left out, the site's month so far. */
export const periodQuery = z.object({ from: day('from').optional(), to: day('to').optional() });
export const salesQuery = periodQuery.extend({
  by: z.enum(['day', 'month'], { message: 'by must be day or month' }).default('day'),
  site: siteSchema.optional().or(z.literal('').transform(() => undefined)),
});
const receivablesQuery = z.object({ site: siteSchema.optional().or(z.literal('').transform(() => undefined)) });
/** India's financial year (2026-27; left out, this one) and a quarter of it, or the whole year. */
export const tcsQuery = z.object({
  fy: z.string().max(10).optional(),
  quarter: z.coerce.number().int().min(1, 'quarter must be 1 to 4').max(4, 'quarter must be 1 to 4').optional(),
});

const permission = 'reports.read' as const;

export const salesReportCall = defineAdminCall({
  method: 'GET',
  path: 'reports/sales',
  params: noParams,
  query: salesQuery,
  data: answer<SalesReport>('SalesReport'),
  permission,
});
export const salesCsvCall = defineAdminCall({
  method: 'GET',
  path: 'reports/sales.csv',
  params: noParams,
  query: salesQuery,
  file: 'csv',
  data: csvFile,
  permission,
});
export const receivablesReportCall = defineAdminCall({
  method: 'GET',
  path: 'reports/receivables',
  params: noParams,
  query: receivablesQuery,
  data: answer<ReceivablesReport>('ReceivablesReport'),
  permission,
});
export const receivablesCsvCall = defineAdminCall({
  method: 'GET',
  path: 'reports/receivables.csv',
  params: noParams,
  query: receivablesQuery,
  file: 'csv',
  data: csvFile,
  permission,
});
export const tcsReportCall = defineAdminCall({
  method: 'GET',
  path: 'reports/tcs',
  params: noParams,
  query: tcsQuery,
  data: answer<TcsReport>('TcsReport'),
  permission,
});
export const tcsCsvCall = defineAdminCall({
  method: 'GET',
  path: 'reports/tcs.csv',
  params: noParams,
  query: tcsQuery,
  file: 'csv',
  data: csvFile,
  permission,
});
export const gstReportCall = defineAdminCall({
  method: 'GET',
  path: 'reports/gst',
  params: noParams,
  query: periodQuery,
  data: answer<GstReport>('GstReport'),
  permission,
});
export const gstCsvCall = defineAdminCall({
  method: 'GET',
  path: 'reports/gst.csv',
  params: noParams,
  query: periodQuery,
  file: 'csv',
  data: csvFile,
  permission,
});
export const vatReportCall = defineAdminCall({
  method: 'GET',
  path: 'reports/vat',
  params: noParams,
  query: periodQuery,
  data: answer<VatReport>('VatReport'),
  permission,
});
export const vatCsvCall = defineAdminCall({
  method: 'GET',
  path: 'reports/vat.csv',
  params: noParams,
  query: periodQuery,
  file: 'csv',
  data: csvFile,
  permission,
});
