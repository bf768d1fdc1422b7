/**
 * The books (issue 21, permission `reports.read`): what each report call answers. Amounts are
 * integers of the smallest unit (fils, paise), as everywhere in the API; the CSV copies write them in
 * units with two decimals. The basis of each report is decision 0064; since the ledger (issue 30,
 * decision 0089) every money and tax figure is a sum of ledger entries by their tax point (the day
 * the money moved), so the same days give the same taxes in every report.
 *
 * Documents are counted the same way in every report: `invoices` are the distinct documents that
 * charge tax (tax invoices, receipt vouchers for advances, and debit notes, which undo a credit
 * note when its refund failed), `creditNotes` the credit notes, of the entries counted.
 */
import type { Currency, Site } from './site.ts';

export const REPORT_KINDS = ['sales', 'receivables', 'tcs', 'gst', 'vat'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The taxes of a period, net of refunds, by code (a legacy `GST` line had no place of supply). */
export interface TaxTotals {
  CGST: number;
  SGST: number;
  IGST: number;
  GST: number;
  TCS: number;
  VAT: number;
}

/** One site's sales in one day or month. */
export interface SalesRow {
  site: Site;
  currency: Currency;
  /** YYYY-MM-DD (by day) or YYYY-MM (by month), in the site's own time. */
  period: string;
  /** Bookings confirmed in the period (later cancellations included). */
  bookings: number;
  /** Documents of the period's entries: tax invoices, receipt vouchers and debit notes; credit notes. */
  invoices: number;
  creditNotes: number;
  /**
   * The tax invoices of the period: their price before the discount (VAT included on the UAE site), and the discounts.
   */
  gross: number;
  discounts: number;
  /** Credit notes: the sale and TCS given back (less what debit notes took back). */
  credited: number;
  /** Amount before tax: the period's entries (receipts less refunds). */
  taxable: number;
  taxes: TaxTotals;
  /** The sale money with its TCS: receipts less refunds (money owed back left out). */
  net: number;
  /**
   * Money received in the period (by the day it arrived, what is owed back included), and money
   * refunded: refunds made in it (pending or processed), less refunds that failed (on the day they failed).
   */
  paid: number;
  refunded: number;
  /** What the bookings confirmed in the period still owe today (cancelled ones owe nothing). */
  outstanding: number;
}

export type SalesTotals = Omit<SalesRow, 'period'>;

export interface SalesReport {
  from: string;
  to: string;
  by: 'day' | 'month';
  rows: SalesRow[];
  /** One per site in the answer. */
  totals: SalesTotals[];
}

export const AGEING_BUCKETS = ['not-due', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** A confirmed booking with a balance to pay. */
export interface ReceivableItem {
  site: Site;
  currency: Currency;
  RefIdKey: string;
  leadName: string;
  /** The tax invoice's number, or null while it has a proforma. */
  invoiceNumber: string | null;
  confirmedOn: string;
  total: number;
  paid: number;
  due: number;
  dueOn: string | null;
  /** Days past the due date today (0 when not yet due). */
  daysOverdue: number;
  bucket: AgeingBucket;
}

export interface ReceivableTotals {
  site: Site;
  currency: Currency;
  bookings: number;
  due: number;
  overdue: number;
  buckets: Record<AgeingBucket, number>;
}

export interface ReceivablesReport {
  asOf: string;
  items: ReceivableItem[];
  totals: ReceivableTotals[];
}

/**
 * One line of the TCS register: one ledger entry with TCS. Money received (TCS collected), a refund
 * under a credit note (TCS given back, negative), or a failed refund's reversal under a debit note
 * (TCS collected again, positive).
 */
export interface TcsRow {
  kind: 'receipt' | 'credit-note' | 'debit-note';
  /** The entry's tax point: the day the money was received, refunded or the refund failed, India time. */
  date: string;
  /** Q1 (April–June) … Q4 (January–March) of the financial year: the quarter of Form 27EQ. */
  quarter: 1 | 2 | 3 | 4;
  collecteeName: string;
  pan: string | null;
  RefIdKey: string;
  /**
   * The booking's tax invoice (null while it has a proforma), and the credit or debit note's number (null on a
   * receipt).
   */
  invoiceNumber: string | null;
  document: string | null;
  /**
   * Paise: the sale money received (or credited) with its TCS, the part of it TCS is worked on, and the TCS; the rate
   * in percent.
   */
  amountReceived: number;
  tcsBase: number;
  rate: number;
  tcs: number;
  section: '206C(1G)';
}

export interface TcsPanTotal {
  pan: string | null;
  collecteeName: string;
  entries: number;
  amountReceived: number;
  tcsBase: number;
  tcs: number;
}

export interface TcsReport {
  /** `2026-27`: 1 April 2026 to 31 March 2027. */
  fy: string;
  quarter: 1 | 2 | 3 | 4 | null;
  from: string;
  to: string;
  rows: TcsRow[];
  byPan: TcsPanTotal[];
  totals: { amountReceived: number; tcsBase: number; tcs: number };
}

/** GST of one place of supply at one rate, for registered (with a GSTIN) or unregistered buyers. */
export interface GstRow {
  placeOfSupply: string;
  /** The GST state code ('27'), or null for bookings made before the place of supply was kept. */
  stateCode: string | null;
  rate: number;
  buyers: 'registered' | 'unregistered';
  /** Inter-state (IGST) or intra-state (CGST + SGST). */
  supply: 'inter' | 'intra' | 'unknown';
  /** Distinct documents of the group's entries: tax invoices, receipt vouchers and debit notes; credit notes. */
  invoices: number;
  creditNotes: number;
  /** Taxable value: receipts less refunds. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** A legacy single `GST` line. */
  gst: number;
}

export interface GstReport {
  from: string;
  to: string;
  rows: GstRow[];
  totals: {
    invoices: number;
    creditNotes: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    gst: number;
  };
}

export const VAT_REPORT_TREATMENTS = ['standard', 'zero', 'outside'] as const;

export interface VatRow {
  /** YYYY-MM, UAE time. */
  month: string;
  treatment: 'standard' | 'zero' | 'outside';
  /**
   * Distinct documents with an amount of this treatment in the month: tax invoices, receipt vouchers and debit notes;
   * credit notes.
   */
  invoices: number;
  creditNotes: number;
  /** Taxable amount (VAT excluded) and VAT: receipts less refunds. */
  taxable: number;
  vat: number;
}

export interface VatReport {
  from: string;
  to: string;
  rows: VatRow[];
  totals: Record<'standard' | 'zero' | 'outside', { taxable: number; vat: number }>;
}
