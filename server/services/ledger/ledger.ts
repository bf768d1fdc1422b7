import { asc, eq, sql } from 'drizzle-orm';
import type { TaxLine } from '../../../contract/booking.ts';
import { siteDay, type Site } from '../../../contract/site.ts';
import { normalizeTaxNumber } from '../../../contract/tax.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingLines,
  bookings,
  ledgerEntries,
  moneyDocuments,
  payments,
  refunds,
  type LedgerKind,
} from '../../db/schema.ts';
import { assignInvoiceNumber } from '../documents/invoice-number.ts';
import type { BookingRow } from '../bookings/records.ts';
import { recordEvent } from '../bookings/records.ts';
import { panBaseInYear, taxRateOn, tcsRuleFor, type TcsTerms } from '../tax-rules.ts';
import {
  apportion,
  dueNow,
  negate,
  splitReceipt,
  splitRefund,
  sum,
  ZERO,
  type DayRules,
  type SaleProfile,
  type Split,
} from './split.ts';
import { siteDayStart } from '../../../contract/calendar.ts';

/*
 * The money ledger (decision 0089). Every movement of a booking's money is one entry, written in
 * the transaction of the event that moved it, with the booking's row locked, taxed under the rules
 * of the day it happened. A booking's amounts and payment state are sums of its entries
 * (deriveBooking), never set by hand; documents and reports are read from entries.
 */

export type EntryRow = typeof ledgerEntries.$inferSelect;

/** Money coming in. */
export const RECEIPT_KINDS: LedgerKind[] = ['capture', 'bank-transfer', 'cash', 'card-terminal'];
const isReceipt = (kind: string) => (RECEIPT_KINDS as string[]).includes(kind);

const TAX_CODES_GST = new Set(['CGST', 'SGST', 'IGST', 'GST']);

/** A booking's price as the ledger splits it: from the row's stored price and taxes, and its lines. */
export async function bookingProfile(tx: Db, b: BookingRow): Promise<SaleProfile> {
  const lines = await tx
    .select({ amount: bookingLines.amount, overseas: bookingLines.overseas, vatTreatment: bookingLines.vatTreatment })
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(asc(bookingLines.position));
  const taxes: TaxLine[] = b.taxes ?? [];
  const net = b.subtotal - b.discount;
  const lineTotal = lines.reduce((s, l) => s + l.amount, 0);
  const netOf = (which: (l: (typeof lines)[number]) => boolean) => {
    const part = lines.filter(which).reduce((s, l) => s + l.amount, 0);
    return lineTotal > 0 ? Math.round((net * part) / lineTotal) : 0;
  };
  if (b.site === 'IN') {
    const gstLines = taxes.filter((t) => TAX_CODES_GST.has(t.code));
    const gstTotal = gstLines.reduce((s, t) => s + t.amount, 0);
    const gstRate = gstLines.reduce((s, t) => s + t.rate, 0) || 5;
    const supply = gstLines.some((t) => t.code === 'IGST')
      ? 'inter'
      : gstLines.some((t) => t.code === 'CGST')
        ? 'intra'
        : null;
    const value = net + gstTotal;
    const tcsLineStored = taxes.find((t) => t.code === 'TCS');
    const overseasNet = netOf((l) => l.overseas);
    const tcsBase = Math.min(value, tcsLineStored?.base ?? overseasNet + Math.round((overseasNet * gstRate) / 100));
    return {
      site: 'IN',
      value,
      net,
      gstRate,
      supply,
      tcsBase,
      standard: 0,
      zero: 0,
      outside: 0,
      vatRate: 0,
      pan: b.pan ? normalizeTaxNumber(b.pan) : null,
    };
  }
  const vat = taxes.find((t) => t.code === 'VAT');
  const standard = vat ? (vat.rate > 0 ? Math.min(net, vat.base ?? net) : 0) : net;
  const zeroLines = netOf((l) => l.vatTreatment === 'zero');
  const outsideLines = netOf((l) => l.vatTreatment === 'outside');
  const rest = net - standard;
  const zero = zeroLines + outsideLines > 0 ? Math.round((rest * zeroLines) / (zeroLines + outsideLines)) : rest;
  return {
    site: 'UAE',
    value: net,
    net,
    gstRate: 0,
    supply: null,
    tcsBase: 0,
    standard,
    zero,
    outside: rest - zero,
    vatRate: vat && vat.rate > 0 ? vat.rate : 5,
    pan: null,
  };
}

/** The rate (percent) of GST or VAT in force on a day, from tax_rates: the one reader the shop's pricing uses too. */
export const rateOn = taxRateOn;

/** The TCS terms of a receipt on an India day for this PAN (threshold counted from the ledger); null: none. */
export async function tcsTermsOn(
  tx: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'>,
  day: string,
  pan: string | null,
  lock = false,
): Promise<TcsTerms | null> {
  const rule = await tcsRuleFor(tx, config.TCS_RATE_PERCENT, siteDayStart(day, 'IN'));
  if (!rule) return null;
  if (rule.threshold === null || !pan) return { ...rule, before: 0 };
  // Two receipts of one PAN at once (two bookings) take turns: each counts the other's base. (A
  // quote of what is due takes no lock: it is worked out again when the money comes.)
  if (lock) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tcs-pan:${pan}`}))`);
  return { ...rule, before: await panBaseInYear(tx, pan, day) };
}

/** The rules of a day for a booking's receipt. */
export async function dayRules(
  tx: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'>,
  p: SaleProfile,
  day: string,
  lock = false,
): Promise<DayRules> {
  if (p.site === 'UAE') return { gstRate: 0, vatRate: await rateOn(tx, 'VAT', day), tcs: null };
  return {
    gstRate: await rateOn(tx, 'GST', day),
    vatRate: 0,
    tcs: p.tcsBase > 0 ? await tcsTermsOn(tx, config, day, p.pan, lock) : null,
  };
}

export const splitOf = (e: EntryRow): Split => ({
  sale: e.sale,
  taxable: e.taxable,
  zeroRated: e.zeroRated,
  outOfScope: e.outOfScope,
  cgst: e.cgst,
  sgst: e.sgst,
  igst: e.igst,
  gst: e.gst,
  vat: e.vat,
  tcs: e.tcs,
  tcsBase: e.tcsBase,
  owed: e.owed,
});

export async function entriesOf(tx: Db, bookingId: number): Promise<EntryRow[]> {
  return tx.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)).orderBy(asc(ledgerEntries.id));
}

/** The sums a booking's state and documents are read from. */
export interface Balances {
  /** The sale received (receipts only, before refunds): what pays the price. */
  receivedSale: number;
  /** Cash received against the sale, TCS included (receipts only). */
  receivedCash: number;
  /** Everything the booking's entries hold (net of refunds and reversals). */
  held: Split;
  /** Money owed back and not yet refunded. */
  owedOpen: number;
}

export function balancesOf(entries: EntryRow[]): Balances {
  const receipts = entries.filter((e) => isReceipt(e.kind));
  const receivedSale = receipts.reduce((s, e) => s + e.sale, 0);
  return {
    receivedSale,
    receivedCash: receipts.reduce((s, e) => s + e.sale + e.tcs, 0),
    held: sum(entries.map(splitOf)),
    owedOpen: entries.reduce((s, e) => s + e.owed, 0),
  };
}

/** What the owed balance of one payment is (money it took that the shop owes back, less what went back). */
export const owedOnPayment = (entries: EntryRow[], paymentId: number) =>
  entries.filter((e) => e.paymentId === paymentId).reduce((s, e) => s + e.owed, 0);

export interface EntryMeta {
  kind: LedgerKind;
  at: Date;
  /** The tax point: the site's day of the event (a manual payment: the day the money arrived). */
  day?: string;
  paymentId?: number | null;
  refundId?: number | null;
  reversesId?: number | null;
  provider?: string | null;
  providerRef?: string | null;
  staffId?: number | null;
  document?: { kind: 'invoice' | 'receipt' | 'credit-note' | 'debit-note'; number: string } | null;
  rates?: { gst?: number | null; vat?: number | null; tcs?: number | null; tcsLabel?: string | null };
  note?: string;
}

const bp = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : Math.round(percent * 100);

/** Appends one entry (nothing else writes ledger_entries). */
export async function writeEntry(
  tx: Db,
  b: Pick<BookingRow, 'id' | 'site' | 'currency' | 'pan'>,
  split: Split,
  meta: EntryMeta,
): Promise<EntryRow> {
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      bookingId: b.id,
      site: b.site,
      currency: b.currency,
      kind: meta.kind,
      amount: split.sale + split.tcs + split.owed,
      ...split,
      gstRateBp: bp(meta.rates?.gst),
      vatRateBp: bp(meta.rates?.vat),
      tcsRateBp: bp(meta.rates?.tcs),
      tcsLabel: meta.rates?.tcsLabel ?? null,
      pan: b.site === 'IN' && b.pan ? normalizeTaxNumber(b.pan) : null,
      paymentId: meta.paymentId ?? null,
      refundId: meta.refundId ?? null,
      reversesId: meta.reversesId ?? null,
      provider: meta.provider ?? null,
      providerRef: meta.providerRef ?? null,
      staffId: meta.staffId ?? null,
      documentKind: meta.document?.kind ?? null,
      documentNumber: meta.document?.number ?? null,
      taxDay: meta.day ?? siteDay(meta.at, b.site),
      occurredAt: meta.at,
      note: meta.note ?? '',
    })
    .returning();
  return row!;
}

/**
 * The next number of a site's series of a kind of document (receipt vouchers, debit notes): gapless, its counter row
 * locked until commit.
 */
export async function nextDocumentNumber(tx: Db, site: Site, kind: 'receipt' | 'debit-note'): Promise<string> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    insert into document_counters (site, kind, last_number) values (${site}, ${kind}, 1)
    on conflict (site, kind) do update set last_number = document_counters.last_number + 1
    returning last_number`);
  const series = `${site === 'IN' ? 'WLH-IN' : 'WLH-AE'}-${kind === 'receipt' ? 'RV' : 'DN'}`;
  return `${series}-${String(Number(rows[0]!.last_number)).padStart(6, '0')}`;
}

/** An entry's taxes as document lines (what it collected, by code, at the rates stored on it). */
export function taxLinesOf(
  entries: Pick<EntryRow, keyof Split | 'gstRateBp' | 'vatRateBp' | 'tcsRateBp' | 'tcsLabel'>[],
): TaxLine[] {
  const s = sum(entries.map((e) => ({ ...ZERO, ...pickSplit(e) })));
  const gstRate = (entries.find((e) => e.gstRateBp !== null)?.gstRateBp ?? 500) / 100;
  const vatRate = (entries.find((e) => e.vatRateBp !== null)?.vatRateBp ?? 500) / 100;
  const tcsEntry = entries.find((e) => e.tcsRateBp !== null && e.tcs !== 0);
  const out: TaxLine[] = [];
  if (s.cgst || s.sgst) {
    out.push({
      code: 'CGST',
      label: `CGST ${gstRate / 2}%`,
      rate: gstRate / 2,
      amount: s.cgst,
      included: false,
      base: s.taxable,
    });
    out.push({
      code: 'SGST',
      label: `SGST ${gstRate / 2}%`,
      rate: gstRate / 2,
      amount: s.sgst,
      included: false,
      base: s.taxable,
    });
  }
  if (s.igst)
    out.push({
      code: 'IGST',
      label: `IGST ${gstRate}%`,
      rate: gstRate,
      amount: s.igst,
      included: false,
      base: s.taxable,
    });
  if (s.gst)
    out.push({ code: 'GST', label: `GST ${gstRate}%`, rate: gstRate, amount: s.gst, included: false, base: s.taxable });
  if (s.vat || entries.some((e) => e.vatRateBp !== null)) {
    const standard = s.taxable - s.zeroRated - s.outOfScope + s.vat;
    out.push({
      code: 'VAT',
      label: s.vat ? `VAT ${vatRate}% (included)` : 'VAT 0% (zero-rated)',
      rate: s.vat ? vatRate : 0,
      amount: s.vat,
      included: true,
      base: standard,
    });
  }
  if (s.tcs) {
    const rate = tcsEntry ? tcsEntry.tcsRateBp! / 100 : 0;
    const single = entries.every((e) => e.tcs === 0 || e.tcsLabel === tcsEntry?.tcsLabel);
    out.push({
      code: 'TCS',
      label: single && tcsEntry?.tcsLabel ? tcsEntry.tcsLabel : 'TCS (section 206C(1G))',
      rate,
      amount: s.tcs,
      included: false,
      base: s.tcsBase,
    });
  }
  return out;
}

function pickSplit(e: Partial<Split>): Partial<Split> {
  const out: Partial<Split> = {};
  for (const k of Object.keys(ZERO) as (keyof Split)[]) if (typeof e[k] === 'number') out[k] = e[k];
  return out;
}

/**
 * A booking's amounts and payment state from its entries (its row locked by the caller): what was
 * paid, what is due now (the sale left with its TCS under today's rule), and the state the booking
 * pages show. Records the change in the booking's history when the state moves.
 */
export async function deriveBooking(
  tx: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'> | null,
  bookingId: number,
  cause: string,
  at: Date,
): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!b) throw new Error(`deriveBooking: no booking ${bookingId}`);
  const entries = await entriesOf(tx, b.id);
  const p = await bookingProfile(tx, b);
  const bal = balancesOf(entries);
  // Refund states: refunds given back on money that paid the booking (not money owed back), as a
  // share of what was paid; a cancelled booking with refunds under way or money owed, refund-due.
  const { rows } = await tx.execute<{
    processed: number;
    pending: number;
    due_open: number;
    due_refunded: number;
    failed_open: number;
  }>(sql`
    select
      (select coalesce(sum(r.amount), 0)::int from refunds r join payments p on p.id = r.payment_id
         where r.booking_id = ${b.id} and r.status = 'processed' and p.refund_status is null) as processed,
      (select count(*)::int from refunds r where r.booking_id = ${b.id} and r.status = 'pending') as pending,
      (select count(*)::int from payments p where p.booking_id = ${b.id} and p.refund_status = 'due') as due_open,
      (select count(*)::int from payments p where p.booking_id = ${b.id} and p.refund_status = 'refunded') as due_refunded,
      (select count(*)::int from refunds r where r.booking_id = ${b.id} and r.status = 'failed'
         and exists (select 1 from ledger_entries e where e.refund_id = r.id and e.kind = 'refund-reversal')
         and not exists (select 1 from refunds q where q.payment_id = r.payment_id and q.id > r.id and q.status <> 'failed')) as failed_open`);
  const m = {
    processed: Number(rows[0]?.processed ?? 0),
    pending: Number(rows[0]?.pending ?? 0),
    dueOpen: Number(rows[0]?.due_open ?? 0),
    dueRefunded: Number(rows[0]?.due_refunded ?? 0),
    failedOpen: Number(rows[0]?.failed_open ?? 0),
  };
  const owedOpen = Math.max(bal.owedOpen, 0) > 0 || m.dueOpen > 0;
  let paymentStatus = b.paymentStatus;
  let status = b.status;
  if (b.status !== 'cancelled') {
    if (bal.receivedSale >= p.value && p.value > 0) paymentStatus = 'paid';
    else if (bal.receivedSale > 0) paymentStatus = 'partly-paid';
    // Paid in full confirms a booking awaiting payment, and so does its deposit (decision 0108), however
    // it came (the gateway or the desk); any other part leaves it waiting (the payment window does not cancel it).
    const depositIn =
      b.depositAmount !== null && paymentStatus === 'partly-paid' && bal.receivedCash >= b.depositAmount;
    if ((paymentStatus === 'paid' || depositIn) && status === 'awaiting-payment') status = 'confirmed';
  }
  if (m.processed > 0) paymentStatus = m.processed >= bal.receivedCash ? 'refunded' : 'partly-refunded';
  else if (b.status === 'cancelled' && bal.receivedCash === 0 && m.dueRefunded > 0 && !owedOpen && m.pending === 0)
    paymentStatus = 'refunded';
  // A cancelled booking whose refund failed (after succeeding, too) owes that money again.
  else if (b.status === 'cancelled' && (m.pending > 0 || owedOpen || m.failedOpen > 0)) paymentStatus = 'refund-due';
  const update: Partial<typeof bookings.$inferInsert> = { amountPaid: bal.receivedCash, paymentStatus, status };
  if (b.status !== 'cancelled') {
    const day = siteDay(at, b.site);
    const terms = config && p.site === 'IN' && p.tcsBase > 0 ? (await dayRules(tx, config, p, day)).tcs : null;
    const due = dueNow(p, bal.receivedSale, terms);
    // The total: what was paid against the price, and what the rest costs under today's TCS rule.
    // (Without the settings, a refund's derivation: the total stays as the last receipt left it.)
    if (config) {
      update.total = bal.receivedCash + due.total;
      // An amendment made the booking cheaper than what was received (decision 0096): it costs its
      // new price, with the TCS its receipts carried in proportion; the rest is refunded.
      if (bal.receivedSale > p.value)
        update.total = p.value + Math.round(((bal.receivedCash - bal.receivedSale) * p.value) / bal.receivedSale);
      update.taxes = withTcs(
        b.taxes ?? [],
        bal.held.tcs + due.tcs,
        bal.held.tcsBase + (due.sale > 0 ? p.tcsBase - bal.held.tcsBase : 0),
      );
    }
    if (paymentStatus === 'paid' && !b.paidAt) update.paidAt = at;
    if (status === 'confirmed' && !b.confirmedAt) update.confirmedAt = at;
  }
  await tx.update(bookings).set(update).where(eq(bookings.id, b.id));
  if (paymentStatus !== b.paymentStatus || status !== b.status)
    await recordEvent(tx, b.id, status, paymentStatus, cause, at);
  const [after] = await tx.select().from(bookings).where(eq(bookings.id, b.id));
  return after!;
}

/** The booking's TCS line set to what its money carries (collected, plus the rest at today's rule). */
function withTcs(taxes: TaxLine[], amount: number, base: number): TaxLine[] {
  const i = taxes.findIndex((t) => t.code === 'TCS');
  if (i < 0) return taxes;
  const line = taxes[i]!;
  if (line.amount === amount) return taxes;
  const rate = base > 0 ? Math.round((amount / base) * 10_000) / 100 : line.rate;
  const out = [...taxes];
  out[i] = {
    ...line,
    amount,
    rate,
    label: amount === Math.round((base * line.rate) / 100) ? line.label : `TCS ${rate}% (section 206C(1G))`,
    parts: undefined,
  };
  return out;
}

/**
 * What this booking asks now: the sale left and its TCS under today's rule (the gateway's amount, the desk's limit).
 */
export async function amountDue(
  tx: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'>,
  b: BookingRow,
  day: string,
): Promise<{ sale: number; tcs: number; total: number }> {
  const p = await bookingProfile(tx, b);
  const bal = balancesOf(await entriesOf(tx, b.id));
  const terms = p.site === 'IN' && p.tcsBase > 0 ? (await dayRules(tx, config, p, day)).tcs : null;
  return dueNow(p, bal.receivedSale, terms);
}

/**
 * What an amended booking gives back (decision 0096): the sale its entries hold beyond its new
 * price, with the TCS that part carried, in cash; 0 when it holds no more than the price.
 */
export async function amendmentRefund(tx: Db, b: BookingRow): Promise<number> {
  const p = await bookingProfile(tx, b);
  const { held } = balancesOf(await entriesOf(tx, b.id));
  const excess = held.sale - p.value;
  if (excess <= 0 || held.sale <= 0) return 0;
  return excess + Math.max(0, Math.round((held.tcs * excess) / held.sale));
}

export interface Received {
  entries: EntryRow[];
  /** The part that paid the sale (with its TCS), and the part owed back. */
  applied: number;
  owed: number;
  booking: BookingRow;
  /** The document the receipt was given: the tax invoice when it paid the booking in full, else a receipt voucher. */
  document: { kind: 'invoice' | 'receipt' | 'debit-note'; number: string } | null;
}

/**
 * Money received for a booking (its row locked by the caller): split under the rules of `day`,
 * paying the sale left; anything over it, or all of it when the booking takes no money
 * (`accept: false`: cancelled for good, paid with the wrong method), is owed back. A receipt that
 * completes the sale gets the tax invoice; an advance its receipt voucher. Then the booking is
 * derived from its entries.
 */
export async function receive(
  tx: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'>,
  b: BookingRow,
  r: {
    amount: number;
    kind: LedgerKind;
    at: Date;
    day?: string;
    accept: boolean;
    paymentId?: number;
    provider?: string;
    providerRef?: string | null;
    staffId?: number | null;
    cause: string;
    note?: string;
  },
): Promise<Received> {
  const day = r.day ?? siteDay(r.at, b.site);
  const p = await bookingProfile(tx, b);
  const before = await entriesOf(tx, b.id);
  const bal = balancesOf(before);
  const open = r.accept ? Math.max(0, p.value - bal.receivedSale) : 0;
  const rules = await dayRules(tx, config, p, day, true);
  const split = splitReceipt(p, bal.receivedSale, open, r.amount, rules);
  const { tcsRate, tcsLabel, ...parts } = split;
  const written: EntryRow[] = [];
  let document: Received['document'] = null;
  const base = {
    at: r.at,
    day,
    paymentId: r.paymentId ?? null,
    provider: r.provider ?? null,
    providerRef: r.providerRef ?? null,
    staffId: r.staffId ?? null,
    note: r.note,
  };
  if (parts.sale + parts.tcs > 0) {
    const full = bal.receivedSale + parts.sale >= p.value;
    // A receipt after the tax invoice (an amendment raised the price: decision 0096) is not the
    // invoice's: it gets a debit note of its own, supplementary to the invoice.
    const invoice = before.find((e) => e.documentKind === 'invoice');
    if (invoice) {
      document = { kind: 'debit-note', number: await nextDocumentNumber(tx, b.site, 'debit-note') };
    } else if (full) {
      document = { kind: 'invoice', number: await assignInvoiceNumber(tx, b.id, r.at) };
    } else {
      document = { kind: 'receipt', number: await nextDocumentNumber(tx, b.site, 'receipt') };
    }
    const entry = await writeEntry(
      tx,
      b,
      { ...parts, owed: 0 },
      {
        ...base,
        kind: r.kind,
        document,
        rates: {
          gst: p.site === 'IN' ? rules.gstRate : null,
          vat: p.site === 'UAE' ? rules.vatRate : null,
          tcs: parts.tcs || parts.tcsBase ? tcsRate : null,
          tcsLabel,
        },
      },
    );
    written.push(entry);
    if (document.kind === 'receipt')
      await issueMoneyDocument(tx, b, 'receipt', document.number, [entry], r.cause, r.at);
    if (document.kind === 'debit-note')
      await issueMoneyDocument(
        tx,
        b,
        'debit-note',
        document.number,
        [entry],
        `${r.cause} (supplementary to tax invoice ${invoice!.documentNumber}: the booking was amended)`,
        r.at,
      );
  }
  if (parts.owed > 0) {
    written.push(
      await writeEntry(
        tx,
        b,
        { ...ZERO, owed: parts.owed },
        { ...base, kind: 'owed-back', note: r.note ?? 'owed back' },
      ),
    );
  }
  const booking = await deriveBooking(tx, config, b.id, r.cause, r.at);
  return { entries: written, applied: parts.sale + parts.tcs, owed: parts.owed, booking, document };
}

/** Writes a receipt voucher's or debit note's row from its entries. */
export async function issueMoneyDocument(
  tx: Db,
  b: BookingRow,
  kind: 'receipt' | 'debit-note',
  number: string,
  entries: EntryRow[],
  reason: string,
  at: Date,
) {
  const s = sum(entries.map(splitOf));
  await tx.insert(moneyDocuments).values({
    bookingId: b.id,
    site: b.site,
    kind,
    number,
    currency: b.currency,
    total: s.sale + s.tcs,
    taxable: s.taxable,
    taxes: taxLinesOf(entries),
    reason,
    issuedAt: at,
  });
}

/**
 * Refunds written to the ledger when they are made (their rows exist, pending): each takes first
 * what its payment is owed back, then sale money, its taxes reversed in proportion to what the
 * booking holds. The sale money given back gets one credit note (`creditNote`: its number, taken
 * by the caller from the credit-note series), naming the tax invoice or, for an advance, its receipt
 * voucher. Returns the entries written.
 */
export async function refundEntries(
  tx: Db,
  b: BookingRow,
  rows: (typeof refunds.$inferSelect)[],
  at: Date,
  creditNote: () => Promise<string>,
): Promise<{ entries: EntryRow[]; creditNoteNumber: string | null; sale: Split }> {
  const entries = await entriesOf(tx, b.id);
  const plans: { row: typeof refunds.$inferSelect; split: Split }[] = [];
  let pool = balancesOf(entries).held;
  const owedLeft = new Map<number, number>();
  const flagged = new Map(
    (
      await tx
        .select({ id: payments.id, amount: payments.amount, refundStatus: payments.refundStatus })
        .from(payments)
        .where(eq(payments.bookingId, b.id))
    ).map((p) => [p.id, p]),
  );
  for (const row of rows) {
    // A payment owed back whole that the ledger never saw (written by hand before it): all of it is owed.
    const flag = flagged.get(row.paymentId);
    const unseen = flag?.refundStatus && !entries.some((e) => e.paymentId === row.paymentId);
    const owedHere = owedLeft.get(row.paymentId) ?? (unseen ? flag!.amount : owedOnPayment(entries, row.paymentId));
    const fromOwed = Math.min(row.amount, Math.max(0, owedHere));
    owedLeft.set(row.paymentId, owedHere - fromOwed);
    const fromSale = splitRefund(pool, row.amount - fromOwed);
    const split = { ...fromSale, owed: -fromOwed };
    // Whatever neither covers (the pool ran out) is still money out: owed back beyond the ledger's count.
    const short = row.amount - fromOwed + fromSale.sale + fromSale.tcs;
    if (short > 0) split.owed -= short;
    pool = sum([pool, fromSale]);
    plans.push({ row, split });
  }
  const saleBack = sum(plans.map((x) => ({ ...x.split, owed: 0 })));
  const number = saleBack.sale + saleBack.tcs < 0 ? await creditNote() : null;
  const written: EntryRow[] = [];
  for (const { row, split } of plans) {
    const hasSale = split.sale + split.tcs < 0;
    written.push(
      await writeEntry(tx, b, split, {
        kind: 'refund',
        at,
        refundId: row.id,
        paymentId: row.paymentId,
        provider: row.provider,
        providerRef: row.providerRefundId,
        staffId: row.createdBy,
        document: hasSale && number ? { kind: 'credit-note', number } : null,
        rates: rateOfPool(entries),
        note: row.reason,
      }),
    );
  }
  return { entries: written, creditNoteNumber: number, sale: saleBack };
}

/** The rates a refund reverses at: those of the receipts it gives back (the first receipt's). */
function rateOfPool(entries: EntryRow[]) {
  const r = entries.find((e) => isReceipt(e.kind) && e.sale > 0);
  return {
    gst: r?.gstRateBp == null ? null : r.gstRateBp / 100,
    vat: r?.vatRateBp == null ? null : r.vatRateBp / 100,
    tcs: r?.tcsRateBp == null ? null : r.tcsRateBp / 100,
    tcsLabel: r?.tcsLabel ?? null,
  };
}

/**
 * A refund that failed after it was written (refused, or failed after succeeding): the reversing
 * entry, with a debit note when it had given sale money back under a credit note. Once per refund.
 */
export async function reverseRefund(
  tx: Db,
  b: BookingRow,
  refundId: number,
  at: Date,
  reason: string,
): Promise<{ entry: EntryRow; debitNote: string | null } | null> {
  const entries = await entriesOf(tx, b.id);
  const original = entries.find((e) => e.refundId === refundId && e.kind === 'refund');
  if (!original || entries.some((e) => e.refundId === refundId && e.kind === 'refund-reversal')) return null;
  const reversed = negate(splitOf(original));
  const debitNote = original.documentKind === 'credit-note' ? await nextDocumentNumber(tx, b.site, 'debit-note') : null;
  const entry = await writeEntry(tx, b, reversed, {
    kind: 'refund-reversal',
    at,
    refundId,
    reversesId: original.id,
    paymentId: original.paymentId,
    provider: original.provider,
    providerRef: original.providerRef,
    document: debitNote ? { kind: 'debit-note', number: debitNote } : null,
    rates: {
      gst: original.gstRateBp == null ? null : original.gstRateBp / 100,
      vat: original.vatRateBp == null ? null : original.vatRateBp / 100,
      tcs: original.tcsRateBp == null ? null : original.tcsRateBp / 100,
      tcsLabel: original.tcsLabel,
    },
    note: reason,
  });
  if (debitNote)
    await issueMoneyDocument(
      tx,
      b,
      'debit-note',
      debitNote,
      [entry],
      `${reason} (reverses credit note ${original.documentNumber})`,
      at,
    );
  return { entry, debitNote };
}

/** Credit-note lines: the sale given back spread over the booking's lines, with the taxes of the entries. */
export async function creditNoteLinesFrom(tx: Db, b: BookingRow, sale: Split) {
  const rows = await tx
    .select({
      position: bookingLines.position,
      title: bookingLines.title,
      amount: bookingLines.amount,
      overseas: bookingLines.overseas,
      vatTreatment: bookingLines.vatTreatment,
    })
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(asc(bookingLines.position));
  const back = negate(sale);
  const weights = rows.map((r) => r.amount);
  // UAE: each VAT treatment's part over the lines of that treatment; India: over all the lines.
  const byTreatment = (t: 'standard' | 'zero' | 'outside') =>
    rows.map((r) => ((r.vatTreatment ?? 'standard') === t ? r.amount : 0));
  const spread = (total: number, w: number[]) =>
    total === 0 ? w.map(() => 0) : apportion(total, w.some((x) => x > 0) ? w : weights);
  const taxable =
    b.site === 'UAE'
      ? [
          spread(back.taxable - back.zeroRated - back.outOfScope, byTreatment('standard')),
          spread(back.zeroRated, byTreatment('zero')),
          spread(back.outOfScope, byTreatment('outside')),
        ].reduce((acc, part) => acc.map((x, i) => x + part[i]!))
      : apportion(back.taxable, weights);
  const taxes = taxLinesOf([{ ...back, gstRateBp: null, vatRateBp: null, tcsRateBp: null, tcsLabel: null }]);
  const perLine = rows.map(() => [] as TaxLine[]);
  for (const t of taxes) {
    const bears = rows.map((r) =>
      t.code === 'VAT'
        ? (r.vatTreatment ?? 'standard') === 'standard'
          ? r.amount
          : 0
        : t.code === 'TCS'
          ? r.overseas
            ? r.amount
            : 0
          : r.amount,
    );
    const split = apportion(t.amount, bears.some((w) => w > 0) ? bears : weights);
    split.forEach((amount, i) =>
      perLine[i]!.push({ code: t.code, label: t.label, rate: t.rate, amount, included: t.included }),
    );
  }
  return {
    lines: rows.map((r, i) => ({ position: r.position, title: r.title, amount: taxable[i]!, taxes: perLine[i]! })),
    taxes,
    total: back.sale + back.tcs,
  };
}

/**
 * A booking's total and amount due worked out again for today, before a gateway is opened for the
 * balance (a pay-later booking made under one year's TCS rule and paid in the next pays the rule of
 * the day it pays). Changes nothing on a cancelled booking.
 */
export async function refreshDue(
  db: Db,
  config: Pick<Config, 'TCS_RATE_PERCENT'>,
  bookingId: number,
  at = new Date(),
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!b) throw new Error(`refreshDue: no booking ${bookingId}`);
    if (b.status === 'cancelled' || b.site !== 'IN') return b;
    return deriveBooking(tx, config, b.id, 'amount due worked out for today', at);
  });
}
