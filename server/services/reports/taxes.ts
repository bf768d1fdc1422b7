import { ne, or } from 'drizzle-orm';
import type {
  GstReport,
  GstRow,
  TcsPanTotal,
  TcsReport,
  TcsRow,
  VatReport,
  VatRow,
} from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { DocumentCount, isReceipt, ledgerEntriesOf, type ReportEntry, type Treatment } from './documents.ts';

/*
 * The tax reports (decisions 0064 and 0089), each a query over the ledger by tax point (the entry's
 * `tax_day`): India's TCS register (one row per movement of money that collected TCS or gave it
 * back) and GST summary, the UAE's VAT summary. An entry's taxes are those worked out when its money
 * moved, at the rates of that day, so a report never re-prices a booking.
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

/** Q1 April–June … Q4 January–March. */
export const quarterOf = (day: string): 1 | 2 | 3 | 4 => {
  const month = Number(day.slice(5, 7));
  return month >= 4 && month <= 6 ? 1 : month >= 7 && month <= 9 ? 2 : month >= 10 ? 3 : 4;
};

/** The TCS rate of an entry (percent): the one it was collected at; worked out from its amounts if it has none. */
function tcsRateOf(e: ReportEntry): number {
  if (e.tcsRateBp !== null) return e.tcsRateBp / 100;
  return e.tcsBase !== 0 ? Math.round((e.tcs / e.tcsBase) * 10_000) / 100 : 0;
}

/**
 * A register line's kind: money received, TCS given back under a credit note, or given back again under a debit note (a
 * refund that failed).
 */
function tcsKind(e: ReportEntry): TcsRow['kind'] {
  if (isReceipt(e.kind)) return 'receipt';
  if (e.kind === 'refund') return 'credit-note';
  if (e.kind === 'refund-reversal') return 'debit-note';
  if (e.documentKind === 'credit-note' || e.documentKind === 'debit-note') return e.documentKind;
  return e.tcs < 0 || e.tcsBase < 0 ? 'credit-note' : 'receipt';
}

/**
 * The TCS register of a financial year (or one quarter): one row per ledger entry of the India site
 * dated in it that collected TCS or worked it on a base (`tcs` or `tcs_base` not zero), with the
 * entry's own figures: a receipt positive, at the rule of the day the money arrived; a refund
 * negative, naming its credit note; a failed refund's reversal positive again, naming its debit
 * note. `amountReceived` is the money of the sale the entry moved with its TCS (`sale + tcs`; money
 * owed back is no receipt of the sale). The register's TCS is the sum of the ledger's TCS for its
 * days: the Sales report's TCS for the same days.
 */
export async function tcsRegister(db: Db, fy: string, quarter: 1 | 2 | 3 | 4 | null): Promise<TcsReport> {
  const { from, to } = financialYear(fy, quarter);
  const entries = await ledgerEntriesOf(db, 'IN', from, to, or(ne(ledgerEntries.tcs, 0), ne(ledgerEntries.tcsBase, 0)));
  const ordered = entries.map((e) => ({ e, row: tcsRow(e) }));
  ordered.sort(
    (a, b) => a.row.date.localeCompare(b.row.date) || a.row.RefIdKey.localeCompare(b.row.RefIdKey) || a.e.id - b.e.id,
  );
  const rows = ordered.map((x) => x.row);

  const pans = new Map<string, TcsPanTotal>();
  for (const r of rows) {
    const key = r.pan ?? '';
    const t = pans.get(key) ?? {
      pan: r.pan,
      collecteeName: r.collecteeName,
      entries: 0,
      amountReceived: 0,
      tcsBase: 0,
      tcs: 0,
    };
    t.entries++;
    t.amountReceived += r.amountReceived;
    t.tcsBase += r.tcsBase;
    t.tcs += r.tcs;
    pans.set(key, t);
  }
  const totals = rows.reduce(
    (s, r) => ({
      amountReceived: s.amountReceived + r.amountReceived,
      tcsBase: s.tcsBase + r.tcsBase,
      tcs: s.tcs + r.tcs,
    }),
    { amountReceived: 0, tcsBase: 0, tcs: 0 },
  );
  return {
    fy,
    quarter,
    from,
    to,
    rows,
    byPan: [...pans.values()].sort((a, b) => (a.pan ?? '').localeCompare(b.pan ?? '')),
    totals,
  };
}

function tcsRow(e: ReportEntry): TcsRow {
  const kind = tcsKind(e);
  return {
    kind,
    date: e.taxDay,
    quarter: quarterOf(e.taxDay),
    collecteeName: e.buyerName,
    pan: e.pan,
    RefIdKey: e.ref,
    invoiceNumber: e.invoiceNumber,
    document: kind === 'receipt' ? null : e.documentNumber,
    amountReceived: e.sale + e.tcs,
    tcsBase: e.tcsBase,
    rate: tcsRateOf(e),
    tcs: e.tcs,
    section: '206C(1G)',
  };
}

type Supply = GstRow['supply'];
const supplyOfEntry = (e: ReportEntry): Supply | null =>
  e.igst !== 0 ? 'inter' : e.cgst !== 0 || e.sgst !== 0 ? 'intra' : e.gst !== 0 ? 'unknown' : null;

/**
 * GST by place of supply, rate and buyer (with a GSTIN or not): taxable value, CGST, SGST, IGST and
 * GST not yet split, summed from the India site's ledger entries dated in the period that carry a
 * sale (receipts, refunds and their reversals, amounts kept), each at the rate stored on it: GSTR-1's
 * B2B / B2C tables and 9B, GSTR-3B 3.1(a) and 3.2. The place of supply and the GSTIN are the
 * booking's; intra- or inter-state is which tax the entry carries (CGST + SGST, or IGST; an entry
 * whose tax rounds to nothing takes that of its booking's other entries in the period). `invoices` counts the distinct
 * tax invoices,
 * receipt vouchers and debit notes the group's entries belong to; `creditNotes` its credit notes.
 */
export async function gstSummary(db: Db, from: string, to: string): Promise<GstReport> {
  const c = ledgerEntries;
  const entries = await ledgerEntriesOf(
    db,
    'IN',
    from,
    to,
    or(ne(c.taxable, 0), ne(c.cgst, 0), ne(c.sgst, 0), ne(c.igst, 0), ne(c.gst, 0)),
  );
  const supplyOfBooking = new Map<number, Supply>();
  for (const e of entries) {
    const s = supplyOfEntry(e);
    if (s && !supplyOfBooking.has(e.bookingId)) supplyOfBooking.set(e.bookingId, s);
  }
  const groups = new Map<string, { row: GstRow; docs: DocumentCount }>();
  const all = new DocumentCount();
  for (const e of entries) {
    const buyers = e.gstin ? 'registered' : 'unregistered';
    const rate = e.gstRateBp === null ? 0 : e.gstRateBp / 100;
    const supply = supplyOfEntry(e) ?? supplyOfBooking.get(e.bookingId) ?? 'unknown';
    const key = `${e.placeOfSupply?.code ?? ''}|${rate}|${buyers}|${supply}`;
    const g = groups.get(key) ?? {
      row: {
        placeOfSupply: e.placeOfSupply ? `${e.placeOfSupply.code}-${e.placeOfSupply.state}` : 'Not recorded',
        stateCode: e.placeOfSupply?.code ?? null,
        rate,
        buyers,
        supply,
        invoices: 0,
        creditNotes: 0,
        taxable: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        gst: 0,
      },
      docs: new DocumentCount(),
    };
    g.row.taxable += e.taxable;
    g.row.cgst += e.cgst;
    g.row.sgst += e.sgst;
    g.row.igst += e.igst;
    g.row.gst += e.gst;
    g.docs.add(e);
    all.add(e);
    groups.set(key, g);
  }
  const rows = [...groups.values()]
    .map(({ row, docs }) => ({ ...row, invoices: docs.invoices, creditNotes: docs.creditNotes }))
    .sort(
      (a, b) =>
        (a.stateCode ?? '99').localeCompare(b.stateCode ?? '99') ||
        a.rate - b.rate ||
        a.buyers.localeCompare(b.buyers) ||
        a.supply.localeCompare(b.supply),
    );
  const totals = rows.reduce(
    (s, r) => ({
      ...s,
      taxable: s.taxable + r.taxable,
      cgst: s.cgst + r.cgst,
      sgst: s.sgst + r.sgst,
      igst: s.igst + r.igst,
      gst: s.gst + r.gst,
    }),
    {
      invoices: all.invoices,
      creditNotes: all.creditNotes,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      gst: 0,
    },
  );
  return { from, to, rows, totals };
}

const TREATMENTS: Treatment[] = ['standard', 'zero', 'outside'];

/**
 * UAE VAT per month and treatment (the VAT 201 return's boxes 1 and 4), summed from the UAE site's
 * ledger entries dated in the period that carry a sale: standard-rated is the entry's taxable amount
 * less its zero-rated and out-of-scope parts, with its VAT; zero-rated and out of scope are those
 * parts. `invoices` counts the distinct tax invoices, receipt vouchers and debit notes with an
 * amount of the treatment that month; `creditNotes` the credit notes.
 */
export async function vatSummary(db: Db, from: string, to: string): Promise<VatReport> {
  const entries = await ledgerEntriesOf(
    db,
    'UAE',
    from,
    to,
    or(ne(ledgerEntries.taxable, 0), ne(ledgerEntries.vat, 0)),
  );
  const groups = new Map<string, { row: VatRow; docs: DocumentCount }>();
  for (const e of entries) {
    const month = e.taxDay.slice(0, 7);
    const parts: Record<Treatment, { taxable: number; vat: number }> = {
      standard: { taxable: e.taxable - e.zeroRated - e.outOfScope, vat: e.vat },
      zero: { taxable: e.zeroRated, vat: 0 },
      outside: { taxable: e.outOfScope, vat: 0 },
    };
    for (const t of TREATMENTS) {
      const part = parts[t];
      if (part.taxable === 0 && part.vat === 0) continue;
      const key = `${month}|${t}`;
      const g = groups.get(key) ?? {
        row: { month, treatment: t, invoices: 0, creditNotes: 0, taxable: 0, vat: 0 },
        docs: new DocumentCount(),
      };
      g.row.taxable += part.taxable;
      g.row.vat += part.vat;
      g.docs.add(e);
      groups.set(key, g);
    }
  }
  const rows = [...groups.values()]
    .map(({ row, docs }) => ({ ...row, invoices: docs.invoices, creditNotes: docs.creditNotes }))
    .sort(
      (a, b) => a.month.localeCompare(b.month) || TREATMENTS.indexOf(a.treatment) - TREATMENTS.indexOf(b.treatment),
    );
  const totals = Object.fromEntries(TREATMENTS.map((t) => [t, { taxable: 0, vat: 0 }])) as VatReport['totals'];
  for (const r of rows) {
    totals[r.treatment].taxable += r.taxable;
    totals[r.treatment].vat += r.vat;
  }
  return { from, to, rows, totals };
}
