import { ne, or, sql } from 'drizzle-orm';
import {
  DOCUMENT_REGISTER_KINDS,
  type DocumentRegister,
  type DocumentRegisterItem,
  type DocumentRegisterKind,
} from '../../../contract/desk.ts';
import { creditNoteCall } from '../../../contract/admin-refunds-calls.ts';
import { invoicePdfCall, moneyDocumentCall } from '../../../contract/admin-desk-calls.ts';
import { documentReturnsCsvCall } from '../../../contract/admin-documents-calls.ts';
import { adminUrl } from '../../../contract/admin-api.ts';
import type { TaxLine } from '../../../contract/booking.ts';
import { currencySchema, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';
import { RECEIPT_KINDS } from '../ledger/ledger.ts';
import { csvStream } from '../reports/csv.ts';
import { bounds, buyerName, ledgerEntriesOf, type DocumentKind, type ReportEntry } from '../reports/documents.ts';
import { monthEnd, siteDay } from '../../../contract/calendar.ts';

/*
 * The documents register (decision 0097): every tax invoice, proforma, receipt voucher, credit note
 * and debit note a site issued in a month, each with its figures as issued (a tax invoice's are the
 * ledger receipts it covers, as its PDF states them; the others' are stored on the document), and a
 * CSV shaped for the month's return: GSTR-1 on India, VAT 201 on the UAE. The CSV's lines are the
 * ledger's entries of the month grouped by the document each names, the same entries the GST and VAT
 * summaries sum (server/services/reports/taxes.ts), so its totals are theirs to the paisa and the fils.
 * A proforma is not a tax document: the register lists the proformas open now (a confirmed booking not
 * yet invoiced), dated by its confirmation; a paid one is its tax invoice.
 */

const iso = (v: unknown) => new Date(v instanceof Date ? v : String(v));
const taxOf = (taxes: TaxLine[] | null) =>
  (taxes ?? []).filter((t) => t.code !== 'TCS').reduce((s, t) => s + Number(t.amount), 0);

/** A site's documents issued in a month (site days), by date, kind and number; `kind` narrows them. */
export async function documentRegister(
  db: Db,
  site: Site,
  month: string,
  kind?: DocumentRegisterKind,
): Promise<DocumentRegister> {
  const { start, end } = bounds(site, `${month}-01`, monthEnd(month));
  const want = (k: DocumentRegisterKind) => !kind || kind === k;
  const lead = sql`(select t.title from booking_travellers t where t.booking_id = b.id and t.lead order by t.position limit 1) as title,
    (select t.first_name from booking_travellers t where t.booking_id = b.id and t.lead order by t.position limit 1) as first_name,
    (select t.last_name from booking_travellers t where t.booking_id = b.id and t.lead order by t.position limit 1) as last_name`;
  const buyer = (r: Record<string, unknown>) =>
    buyerName({
      title: (r.title as string | null) ?? null,
      firstName: (r.first_name as string | null) ?? null,
      lastName: (r.last_name as string | null) ?? null,
      invoiceBuyerName: (r.invoice_buyer_name as string | null) ?? null,
    });
  const items: DocumentRegisterItem[] = [];

  if (want('invoice')) {
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select b.id, b.ref_id_key, b.invoice_number, b.invoiced_at, b.currency, b.total, b.taxes, b.invoice_buyer_name, ${lead}
      from bookings b where b.site = ${site} and b.invoice_number is not null and b.invoiced_at >= ${start.toISOString()}::timestamptz and b.invoiced_at < ${end.toISOString()}::timestamptz`);
    // A tax invoice states the receipts up to the one it was issued for (server/services/documents/invoice.ts).
    const ids = rows.map((r) => Number(r.id));
    const { rows: entries } = ids.length
      ? await db.execute<Record<string, unknown>>(sql`
          select id, booking_id, kind, sale, tcs, cgst, sgst, igst, gst, vat, document_kind, document_number from ledger_entries
          where booking_id = any(${`{${ids.join(',')}}`}::int[]) order by id`)
      : { rows: [] };
    for (const r of rows) {
      const own = entries.filter((e) => Number(e.booking_id) === Number(r.id));
      const issued = own.find((e) => e.document_kind === 'invoice' && e.document_number === r.invoice_number);
      const covered = issued
        ? own.filter(
            (e) =>
              (RECEIPT_KINDS as string[]).includes(String(e.kind)) &&
              Number(e.id) <= Number(issued.id) &&
              Number(e.sale) + Number(e.tcs) > 0,
          )
        : [];
      const sumOf = (f: (e: Record<string, unknown>) => number) => covered.reduce((s, e) => s + f(e), 0);
      items.push({
        kind: 'invoice',
        number: String(r.invoice_number),
        site,
        date: siteDay(iso(r.invoiced_at), site),
        RefIdKey: String(r.ref_id_key),
        buyer: buyer(r),
        currency: currencySchema.parse(r.currency),
        total: issued ? sumOf((e) => Number(e.sale) + Number(e.tcs)) : Number(r.total),
        tax: issued
          ? sumOf((e) => Number(e.cgst) + Number(e.sgst) + Number(e.igst) + Number(e.gst) + Number(e.vat))
          : taxOf(r.taxes as TaxLine[]),
        pdfUrl: adminUrl(invoicePdfCall, { ref: String(r.ref_id_key) }),
      });
    }
  }

  if (want('proforma')) {
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select b.id, b.ref_id_key, b.confirmed_at, b.created_at, b.currency, b.total, b.taxes, null as invoice_buyer_name, ${lead}
      from bookings b where b.site = ${site} and b.status = 'confirmed' and b.invoice_number is null
        and coalesce(b.confirmed_at, b.created_at) >= ${start.toISOString()}::timestamptz and coalesce(b.confirmed_at, b.created_at) < ${end.toISOString()}::timestamptz`);
    for (const r of rows) {
      items.push({
        kind: 'proforma',
        number: String(r.ref_id_key),
        site,
        date: siteDay(iso(r.confirmed_at ?? r.created_at), site),
        RefIdKey: String(r.ref_id_key),
        buyer: buyer(r),
        currency: currencySchema.parse(r.currency),
        total: Number(r.total),
        tax: taxOf(r.taxes as TaxLine[]),
        pdfUrl: adminUrl(invoicePdfCall, { ref: String(r.ref_id_key) }),
      });
    }
  }

  const range = sql`>= ${start.toISOString()}::timestamptz and d.issued_at < ${end.toISOString()}::timestamptz`;
  if (want('receipt') || want('debit-note')) {
    const kinds = (['receipt', 'debit-note'] as const).filter(want);
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select d.id, d.kind, d.number, d.issued_at, d.currency, d.total, d.taxes, b.ref_id_key, b.invoice_buyer_name, ${lead}
      from money_documents d join bookings b on b.id = d.booking_id
      where d.site = ${site} and d.kind = any(${`{${kinds.join(',')}}`}::text[]) and d.issued_at ${range}`);
    for (const r of rows) {
      items.push({
        kind: r.kind as 'receipt' | 'debit-note',
        number: String(r.number),
        site,
        date: siteDay(iso(r.issued_at), site),
        RefIdKey: String(r.ref_id_key),
        buyer: buyer(r),
        currency: currencySchema.parse(r.currency),
        total: Number(r.total),
        tax: taxOf(r.taxes as TaxLine[]),
        pdfUrl: adminUrl(moneyDocumentCall, { ref: String(r.ref_id_key), file: `${Number(r.id)}.pdf` }),
      });
    }
  }

  if (want('credit-note')) {
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select d.id, d.number, d.issued_at, d.currency, d.total, d.taxes, b.ref_id_key, b.invoice_buyer_name, ${lead}
      from credit_notes d join bookings b on b.id = d.booking_id
      where d.site = ${site} and d.issued_at ${range}`);
    for (const r of rows) {
      items.push({
        kind: 'credit-note',
        number: String(r.number),
        site,
        date: siteDay(iso(r.issued_at), site),
        RefIdKey: String(r.ref_id_key),
        buyer: buyer(r),
        currency: currencySchema.parse(r.currency),
        total: Number(r.total),
        tax: taxOf(r.taxes as TaxLine[]),
        pdfUrl: adminUrl(creditNoteCall, { ref: String(r.ref_id_key), file: `${Number(r.id)}.pdf` }),
      });
    }
  }

  const order = DOCUMENT_REGISTER_KINDS as readonly string[];
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || order.indexOf(a.kind) - order.indexOf(b.kind) || a.number.localeCompare(b.number),
  );
  return {
    site,
    month,
    items,
    csvUrl: `${adminUrl(documentReturnsCsvCall, {})}?${new URLSearchParams({ site, month })}`,
  };
}

// ---------- the returns CSV ----------

const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  receipt: 'Receipt voucher',
  'credit-note': 'Credit note',
  'debit-note': 'Debit note',
};

/** One line of the returns CSV: the month's ledger entries of one document (and rate), summed. */
export interface ReturnLine {
  document: string;
  number: string | null;
  date: string;
  RefIdKey: string;
  buyer: string;
  gstin: string | null;
  placeOfSupply: string;
  supply: 'intra' | 'inter' | 'unknown';
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  gst: number;
  /** UAE: the standard-rated part, its VAT, the zero-rated and out-of-scope parts. */
  standard: number;
  vat: number;
  zero: number;
  outside: number;
}

function group(
  entries: ReportEntry[],
  keyOf: (e: ReportEntry) => string,
  make: (e: ReportEntry) => ReturnLine,
  add: (l: ReturnLine, e: ReportEntry) => void,
): ReturnLine[] {
  const lines = new Map<string, ReturnLine>();
  for (const e of entries) {
    const key = keyOf(e);
    const l = lines.get(key) ?? make(e);
    add(l, e);
    lines.set(key, l);
  }
  return [...lines.values()];
}

const base = (e: ReportEntry): ReturnLine => ({
  document: e.documentKind ? DOCUMENT_NAMES[e.documentKind] : 'No document (money owed back)',
  number: e.documentNumber,
  date: e.taxDay,
  RefIdKey: e.ref,
  buyer: e.buyerName,
  gstin: e.gstin,
  placeOfSupply: e.placeOfSupply ? `${e.placeOfSupply.code}-${e.placeOfSupply.state}` : 'Not recorded',
  supply: 'unknown',
  rate: e.gstRateBp === null ? 0 : e.gstRateBp / 100,
  taxable: 0,
  cgst: 0,
  sgst: 0,
  igst: 0,
  gst: 0,
  standard: 0,
  vat: 0,
  zero: 0,
  outside: 0,
});
const docKey = (e: ReportEntry) =>
  e.documentNumber ? `${e.documentKind}|${e.documentNumber}` : `none|${e.bookingId}|${e.id}`;

/** India, GSTR-1: the month's entries carrying GST (those the GST summary sums), by document and rate. */
export async function gstr1Lines(db: Db, month: string): Promise<ReturnLine[]> {
  const c = ledgerEntries;
  const entries = await ledgerEntriesOf(
    db,
    'IN',
    `${month}-01`,
    monthEnd(month),
    or(ne(c.taxable, 0), ne(c.cgst, 0), ne(c.sgst, 0), ne(c.igst, 0), ne(c.gst, 0)),
  );
  return group(
    entries,
    (e) => `${docKey(e)}|${e.gstRateBp ?? ''}`,
    base,
    (l, e) => {
      l.taxable += e.taxable;
      l.cgst += e.cgst;
      l.sgst += e.sgst;
      l.igst += e.igst;
      l.gst += e.gst;
      l.supply = l.igst !== 0 ? 'inter' : l.cgst !== 0 || l.sgst !== 0 ? 'intra' : l.supply;
    },
  );
}

/** UAE, VAT 201: the month's entries carrying a sale or VAT (those the VAT summary sums), by document. */
export async function vat201Lines(db: Db, month: string): Promise<ReturnLine[]> {
  const entries = await ledgerEntriesOf(
    db,
    'UAE',
    `${month}-01`,
    monthEnd(month),
    or(ne(ledgerEntries.taxable, 0), ne(ledgerEntries.vat, 0)),
  );
  return group(entries, docKey, base, (l, e) => {
    l.standard += e.taxable - e.zeroRated - e.outOfScope;
    l.vat += e.vat;
    l.zero += e.zeroRated;
    l.outside += e.outOfScope;
  });
}

/**
 * The emirate a UAE supply is reported under in VAT 201 box 1: the seller's establishment (its address), Dubai by
 * default.
 */
export function emirateOf(address: string[]): string {
  const text = address.join(' ');
  return (
    ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'].find((e) =>
      text.includes(e),
    ) ?? 'Dubai'
  );
}

type Cell = string | number | null | { minor: number };
const money = (minor: number) => ({ minor });

/**
 * The returns CSV of a site's month: a line per document, then the totals (GSTR-1's tax columns; VAT 201's boxes by
 * emirate).
 */
export async function returnsCsv(db: Db, site: Site, month: string, emirate: string) {
  if (site === 'IN') {
    const lines = await gstr1Lines(db, month);
    const total = lines.reduce(
      (s, l) => ({
        taxable: s.taxable + l.taxable,
        cgst: s.cgst + l.cgst,
        sgst: s.sgst + l.sgst,
        igst: s.igst + l.igst,
        gst: s.gst + l.gst,
      }),
      { taxable: 0, cgst: 0, sgst: 0, igst: 0, gst: 0 },
    );
    const rows: Cell[][] = [
      ...lines.map((l) => [
        l.document,
        l.number,
        l.date,
        l.RefIdKey,
        l.buyer,
        l.gstin ?? 'none',
        l.placeOfSupply,
        l.supply,
        l.rate,
        money(l.taxable),
        money(l.cgst),
        money(l.sgst),
        money(l.igst),
        money(l.gst),
      ]),
      [
        'Total',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        money(total.taxable),
        money(total.cgst),
        money(total.sgst),
        money(total.igst),
        money(total.gst),
      ],
    ];
    const columns = [
      'Document',
      'Number',
      'Date',
      'Booking',
      'Buyer',
      'GSTIN/UIN',
      'Place of supply',
      'Supply',
      'Rate %',
      'Taxable value (INR)',
      'CGST (INR)',
      'SGST (INR)',
      'IGST (INR)',
      'GST not split (INR)',
    ];
    return csvStream<Cell[]>(
      columns.map((name, i) => [name, (r) => r[i] ?? null]),
      rows,
    );
  }
  const lines = await vat201Lines(db, month);
  const total = lines.reduce(
    (s, l) => ({
      standard: s.standard + l.standard,
      vat: s.vat + l.vat,
      zero: s.zero + l.zero,
      outside: s.outside + l.outside,
    }),
    { standard: 0, vat: 0, zero: 0, outside: 0 },
  );
  const rows: Cell[][] = [
    ...lines.map((l) => [
      l.document,
      l.number,
      l.date,
      l.RefIdKey,
      l.buyer,
      emirate,
      money(l.standard),
      money(l.vat),
      money(l.zero),
      money(l.outside),
    ]),
    [
      `Box 1 standard-rated supplies: ${emirate}`,
      null,
      null,
      null,
      null,
      emirate,
      money(total.standard),
      money(total.vat),
      null,
      null,
    ],
    ['Box 4 zero-rated supplies', null, null, null, null, null, null, null, money(total.zero), null],
    ['Outside the scope of VAT', null, null, null, null, null, null, null, null, money(total.outside)],
    [
      'Total',
      null,
      null,
      null,
      null,
      null,
      money(total.standard),
      money(total.vat),
      money(total.zero),
      money(total.outside),
    ],
  ];
  const columns = [
    'Document',
    'Number',
    'Date',
    'Booking',
    'Buyer',
    'Emirate',
    'Standard-rated amount (AED)',
    'VAT (AED)',
    'Zero-rated (AED)',
    'Outside the scope (AED)',
  ];
  return csvStream<Cell[]>(
    columns.map((name, i) => [name, (r) => r[i] ?? null]),
    rows,
  );
}
