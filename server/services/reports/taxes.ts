import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TaxLine } from '../../../contract/booking.ts';
import type { GstReport, GstRow, TcsPanTotal, TcsReport, TcsRow, VatReport, VatRow } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers, payments } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { siteDay } from '../documents/source.ts';
import { financialYearStart } from '../tax-rules.ts';
import { bounds, buyerName, taxDocuments, type Treatment } from './documents.ts';

/*
 * The tax reports (decision 0064): India's TCS register (on the day the money is received) and GST
 * summary, the UAE's VAT summary (both on the tax point: invoices by their date, credit notes by
 * theirs).
 */

export const TCS_MESSAGES = {
  fy: 'fy: give the financial year as 2026-27 (1 April 2026 to 31 March 2027).',
} as const;

/** `2026-27` → its first and last day; a quarter (1 = April–June) narrows it. */
export function financialYear(fy: string, quarter?: 1 | 2 | 3 | 4 | null): { from: string; to: string } {
  const m = /^(\d{4})-(\d{2})$/.exec(fy);
  const y = m ? Number(m[1]) : NaN;
  if (!m || (y + 1) % 100 !== Number(m[2])) throw invalid(TCS_MESSAGES.fy);
  if (!quarter) return { from: `${y}-04-01`, to: `${y + 1}-03-31` };
  return [
    { from: `${y}-04-01`, to: `${y}-06-30` },
    { from: `${y}-07-01`, to: `${y}-09-30` },
    { from: `${y}-10-01`, to: `${y}-12-31` },
    { from: `${y + 1}-01-01`, to: `${y + 1}-03-31` },
  ][quarter - 1]!;
}

/** The financial year (`2026-27`) of an India day. */
export function financialYearOf(day: string): string {
  const y = Number(financialYearStart(day).slice(0, 4));
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

/** Q1 April–June … Q4 January–March. */
export const quarterOf = (day: string): 1 | 2 | 3 | 4 => {
  const month = Number(day.slice(5, 7));
  return month >= 4 && month <= 6 ? 1 : month >= 7 && month <= 9 ? 2 : month >= 10 ? 3 : 4;
};

/** Share of `whole` that `part` of `of` is, in whole units. */
const share = (whole: number, part: number, of: number) => (of > 0 ? Math.round((whole * part) / of) : 0);

/**
 * The TCS register of a financial year (or one quarter): one row per payment received for an India
 * booking that carries TCS, with the TCS on that receipt (the booking's TCS in the proportion the
 * receipt bears to its total, worked cumulatively, so a booking paid in full collects exactly its
 * invoice's TCS); and one negative row per credit note giving TCS back. Money the shop owes back
 * whole (a late or second payment) is not a receipt of the sale.
 */
export async function tcsRegister(db: Db, fy: string, quarter: 1 | 2 | 3 | 4 | null): Promise<TcsReport> {
  const { from, to } = financialYear(fy, quarter);
  const { start, end } = bounds('IN', from, to);
  const received = await db
    .select({
      bookingId: bookings.id,
      ref: bookings.refIdKey,
      total: bookings.total,
      taxes: bookings.taxes,
      pan: bookings.pan,
      invoiceNumber: bookings.invoiceNumber,
      invoiceBuyerName: bookings.invoiceBuyerName,
      title: bookingTravellers.title,
      firstName: bookingTravellers.firstName,
      lastName: bookingTravellers.lastName,
      paymentId: payments.id,
      amount: payments.amount,
      receivedOn: payments.receivedOn,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(bookingTravellers, and(eq(bookingTravellers.bookingId, bookings.id), eq(bookingTravellers.lead, true)))
    .where(
      and(
        eq(bookings.site, 'IN'),
        eq(payments.status, 'paid'),
        isNull(payments.refundStatus),
        sql`${bookings.taxes} @> '[{"code":"TCS"}]'::jsonb`,
        sql`exists (select 1 from payments q where q.booking_id = ${bookings.id} and q.status = 'paid' and q.refund_status is null
              and (q.received_on between ${from} and ${to} or (q.received_on is null and q.paid_at >= ${start.toISOString()} and q.paid_at < ${end.toISOString()})))`,
      ),
    )
    .orderBy(asc(bookings.id), asc(payments.id));

  const rows: TcsRow[] = [];
  const byBooking = new Map<number, typeof received>();
  for (const r of received) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), r]);
  for (const list of byBooking.values()) {
    const dated = list.map((p) => ({ ...p, day: p.receivedOn ?? siteDay(p.paidAt!, 'IN') })).sort((a, b) => a.day.localeCompare(b.day) || a.paymentId - b.paymentId);
    let paid = 0;
    for (const p of dated) {
      const line = (p.taxes as TaxLine[]).find((t) => t.code === 'TCS')!;
      const base = line.base ?? 0;
      const tcs = share(line.amount, paid + p.amount, p.total) - share(line.amount, paid, p.total);
      const tcsBase = share(base, paid + p.amount, p.total) - share(base, paid, p.total);
      paid += p.amount;
      if (p.day < from || p.day > to) continue;
      rows.push({
        kind: 'receipt',
        date: p.day,
        quarter: quarterOf(p.day),
        collecteeName: buyerName(p),
        pan: p.pan,
        RefIdKey: p.ref,
        invoiceNumber: p.invoiceNumber,
        document: null,
        amountReceived: p.amount,
        tcsBase,
        rate: line.rate,
        tcs,
        section: '206C(1G)',
      });
    }
  }
  for (const d of await taxDocuments(db, 'IN', from, to)) {
    if (d.kind !== 'credit-note' || !d.tcsLine || d.tcsLine.amount === 0) continue;
    rows.push({
      kind: 'credit-note',
      date: d.date,
      quarter: quarterOf(d.date),
      collecteeName: d.buyerName,
      pan: d.pan,
      RefIdKey: d.ref,
      invoiceNumber: d.invoiceNumber,
      document: d.number,
      amountReceived: -d.total,
      tcsBase: -share(d.tcsLine.base ?? 0, d.total, d.bookingTotal),
      rate: d.tcsLine.rate,
      tcs: -d.tcsLine.amount,
      section: '206C(1G)',
    });
  }
  rows.sort((a, b) => a.date.localeCompare(b.date) || a.RefIdKey.localeCompare(b.RefIdKey) || a.kind.localeCompare(b.kind));

  const pans = new Map<string, TcsPanTotal>();
  for (const r of rows) {
    const key = r.pan ?? '';
    const t = pans.get(key) ?? { pan: r.pan, collecteeName: r.collecteeName, entries: 0, amountReceived: 0, tcsBase: 0, tcs: 0 };
    t.entries++;
    t.amountReceived += r.amountReceived;
    t.tcsBase += r.tcsBase;
    t.tcs += r.tcs;
    pans.set(key, t);
  }
  const totals = rows.reduce((s, r) => ({ amountReceived: s.amountReceived + r.amountReceived, tcsBase: s.tcsBase + r.tcsBase, tcs: s.tcs + r.tcs }), { amountReceived: 0, tcsBase: 0, tcs: 0 });
  return { fy, quarter, from, to, rows, byPan: [...pans.values()].sort((a, b) => (a.pan ?? '').localeCompare(b.pan ?? '')), totals };
}

/**
 * GST by place of supply, rate and buyer (with a GSTIN or not): taxable value, CGST, SGST and IGST,
 * the tax invoices of the period less its credit notes (GSTR-1's B2B / B2C tables and 9B, GSTR-3B 3.1(a) and 3.2).
 */
export async function gstSummary(db: Db, from: string, to: string): Promise<GstReport> {
  const groups = new Map<string, GstRow>();
  for (const d of await taxDocuments(db, 'IN', from, to)) {
    const buyers = d.gstin ? 'registered' : 'unregistered';
    const rate = d.gstRate ?? 0;
    const key = `${d.placeOfSupply?.code ?? ''}|${rate}|${buyers}|${d.gstSupply}`;
    const g = groups.get(key) ?? {
      placeOfSupply: d.placeOfSupply ? `${d.placeOfSupply.code}-${d.placeOfSupply.state}` : 'Not recorded',
      stateCode: d.placeOfSupply?.code ?? null,
      rate,
      buyers,
      supply: d.gstSupply,
      invoices: 0,
      creditNotes: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      gst: 0,
    };
    if (d.kind === 'invoice') g.invoices++;
    else g.creditNotes++;
    g.taxable += d.sign * d.taxable;
    g.cgst += d.sign * d.taxes.CGST;
    g.sgst += d.sign * d.taxes.SGST;
    g.igst += d.sign * d.taxes.IGST;
    g.gst += d.sign * d.taxes.GST;
    groups.set(key, g);
  }
  const rows = [...groups.values()].sort((a, b) => (a.stateCode ?? '99').localeCompare(b.stateCode ?? '99') || a.rate - b.rate || a.buyers.localeCompare(b.buyers));
  const totals = rows.reduce(
    (s, r) => ({ invoices: s.invoices + r.invoices, creditNotes: s.creditNotes + r.creditNotes, taxable: s.taxable + r.taxable, cgst: s.cgst + r.cgst, sgst: s.sgst + r.sgst, igst: s.igst + r.igst, gst: s.gst + r.gst }),
    { invoices: 0, creditNotes: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, gst: 0 },
  );
  return { from, to, rows, totals };
}

const TREATMENTS: Treatment[] = ['standard', 'zero', 'outside'];

/** UAE VAT per month and treatment: taxable amounts and VAT, tax invoices less credit notes (the VAT 201 return's boxes 1 and 4). */
export async function vatSummary(db: Db, from: string, to: string): Promise<VatReport> {
  const groups = new Map<string, VatRow>();
  for (const d of await taxDocuments(db, 'UAE', from, to)) {
    const month = d.date.slice(0, 7);
    for (const t of TREATMENTS) {
      const part = d.treatments[t];
      if (part.taxable === 0 && part.vat === 0) continue;
      const key = `${month}|${t}`;
      const g = groups.get(key) ?? { month, treatment: t, invoices: 0, creditNotes: 0, taxable: 0, vat: 0 };
      if (d.kind === 'invoice') g.invoices++;
      else g.creditNotes++;
      g.taxable += d.sign * part.taxable;
      g.vat += d.sign * part.vat;
      groups.set(key, g);
    }
  }
  const rows = [...groups.values()].sort((a, b) => a.month.localeCompare(b.month) || TREATMENTS.indexOf(a.treatment) - TREATMENTS.indexOf(b.treatment));
  const totals = Object.fromEntries(TREATMENTS.map((t) => [t, { taxable: 0, vat: 0 }])) as VatReport['totals'];
  for (const r of rows) {
    totals[r.treatment].taxable += r.taxable;
    totals[r.treatment].vat += r.vat;
  }
  return { from, to, rows, totals };
}
