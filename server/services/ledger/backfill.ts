import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TaxLine } from '../../../contract/booking.ts';
import { siteDay } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { bookings, creditNotes, payments, refunds } from '../../db/schema.ts';
import type { BookingRow } from '../bookings/records.ts';
import { balancesOf, bookingProfile, entriesOf, writeEntry } from './ledger.ts';
import { splitRefund, splitSale, sum, ZERO, type Split } from './split.ts';

/*
 * The ledger for bookings whose money moved before it existed (decision 0089): written once, at
 * start after the migrations, from the payments, refunds and documents as they stand, so the
 * opening balances equal today's figures. The tax split of each old receipt is the booking's own
 * (the TCS and GST it was invoiced with, shared out receipt by receipt as the old TCS register
 * did); no new document is issued. Idempotent: a booking that has entries is left alone.
 */

const shareOf = (whole: number, part: number, of: number) => (of > 0 ? Math.round((whole * part) / of) : 0);

const KIND_OF = (p: typeof payments.$inferSelect) =>
  p.provider === 'manual' ? (p.method ?? 'bank-transfer') : ('capture' as const);

/** Writes the opening entries of one booking (its row locked by the caller). */
async function backfillBooking(tx: Db, b: BookingRow): Promise<number> {
  if ((await entriesOf(tx, b.id)).length > 0) return 0;
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.status, 'paid')))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  const moved = await tx
    .select({ r: refunds, cn: creditNotes.number })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(and(eq(refunds.bookingId, b.id), ne(refunds.status, 'failed')))
    .orderBy(asc(refunds.id));
  if (paid.length === 0 && moved.length === 0) return 0;
  const p = await bookingProfile(tx, b);
  const taxes: TaxLine[] = b.taxes ?? [];
  const tcsLine = taxes.find((t) => t.code === 'TCS');
  let cashBefore = 0;
  let saleBefore = 0;
  let written = 0;
  for (const pay of paid) {
    const at = pay.paidAt ?? pay.createdAt;
    const day = pay.receivedOn ?? siteDay(at, b.site);
    const meta = {
      kind: KIND_OF(pay),
      at,
      day,
      paymentId: pay.id,
      provider: pay.provider,
      providerRef: pay.providerPaymentId ?? pay.providerRef,
      staffId: pay.recordedBy,
      note: 'opening balance (before the ledger)',
    };
    if (pay.refundStatus) {
      await writeEntry(tx, b, { ...ZERO, owed: pay.amount }, { ...meta, kind: 'owed-back' });
      written++;
      continue;
    }
    const after = cashBefore + pay.amount;
    const tcs = tcsLine ? shareOf(tcsLine.amount, after, b.total) - shareOf(tcsLine.amount, cashBefore, b.total) : 0;
    const tcsBase = tcsLine
      ? shareOf(tcsLine.base ?? 0, after, b.total) - shareOf(tcsLine.base ?? 0, cashBefore, b.total)
      : 0;
    const sale = Math.min(pay.amount - tcs, Math.max(0, p.value - saleBefore));
    const owed = pay.amount - tcs - sale;
    const split: Split = {
      ...splitSale(p, saleBefore, sale, { gstRate: p.gstRate, vatRate: p.vatRate, tcs: null }),
      tcs,
      tcsBase,
      owed,
    };
    const completes = saleBefore + sale >= p.value && b.invoiceNumber;
    await writeEntry(tx, b, split, {
      ...meta,
      document: completes ? { kind: 'invoice', number: b.invoiceNumber! } : null,
      rates: {
        gst: b.site === 'IN' ? p.gstRate : null,
        vat: b.site === 'UAE' ? p.vatRate : null,
        tcs: tcsLine ? tcsLine.rate : null,
        tcsLabel: tcsLine?.label ?? null,
      },
    });
    written++;
    cashBefore = after;
    saleBefore += sale;
  }
  const entries = await entriesOf(tx, b.id);
  let pool = balancesOf(entries).held;
  const owedLeft = new Map<number, number>();
  for (const e of entries) if (e.paymentId) owedLeft.set(e.paymentId, (owedLeft.get(e.paymentId) ?? 0) + e.owed);
  for (const { r, cn } of moved) {
    const owedHere = owedLeft.get(r.paymentId) ?? 0;
    const fromOwed = Math.min(r.amount, Math.max(0, owedHere));
    owedLeft.set(r.paymentId, owedHere - fromOwed);
    const fromSale = splitRefund(pool, r.amount - fromOwed);
    const short = r.amount - fromOwed + fromSale.sale + fromSale.tcs;
    pool = sum([pool, fromSale]);
    await writeEntry(
      tx,
      b,
      { ...fromSale, owed: -fromOwed - Math.max(0, short) },
      {
        kind: 'refund',
        at: r.createdAt,
        refundId: r.id,
        paymentId: r.paymentId,
        provider: r.provider,
        providerRef: r.providerRefundId,
        staffId: r.createdBy,
        document: cn && fromSale.sale + fromSale.tcs < 0 ? { kind: 'credit-note', number: cn } : null,
        note: 'opening balance (before the ledger)',
      },
    );
    written++;
  }
  return written;
}

/** Writes the ledger of every booking whose money moved before it existed; returns the entries written. */
export async function backfillLedger(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select b.id from bookings b
    where not exists (select 1 from ledger_entries e where e.booking_id = b.id)
      and (exists (select 1 from payments p where p.booking_id = b.id and p.status = 'paid')
           or exists (select 1 from refunds r where r.booking_id = b.id and r.status <> 'failed'))
    order by b.id`);
  let written = 0;
  for (const { id } of rows) {
    written += await db.transaction(async (tx) => {
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      return b ? backfillBooking(tx, b) : 0;
    });
  }
  return written;
}

export interface LedgerMismatch {
  RefIdKey: string;
  what: string;
  ledger: number;
  booking: number;
}

/**
 * What an accountant checks each month, and the back-fill's proof: for every booking, the cash its
 * entries received equals what the booking says was paid, the money owed back equals what its
 * payments owe less what went back, and a booking paid in full holds its invoice's taxes.
 */
export async function ledgerCheck(db: Db, ids?: number[]): Promise<LedgerMismatch[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(ids ? inArray(bookings.id, ids.length ? ids : [-1]) : sql`true`)
    .orderBy(asc(bookings.id));
  const out: LedgerMismatch[] = [];
  for (const b of rows) {
    const entries = await entriesOf(db, b.id);
    if (entries.length === 0) continue;
    const bal = balancesOf(entries);
    if (bal.receivedCash !== b.amountPaid)
      out.push({ RefIdKey: b.refIdKey, what: 'amount paid', ledger: bal.receivedCash, booking: b.amountPaid });
    const { rows: owed } = await db.execute<{ n: number }>(sql`
      select coalesce(sum(p.amount), 0)::int - coalesce((select sum(r.amount) from refunds r join payments q on q.id = r.payment_id
        where q.booking_id = ${b.id} and q.refund_status is not null and r.status <> 'failed'), 0)::int as n
      from payments p where p.booking_id = ${b.id} and p.refund_status is not null`);
    const owedByPayments = Math.max(0, Number(owed[0]?.n ?? 0));
    if (bal.owedOpen !== owedByPayments)
      out.push({ RefIdKey: b.refIdKey, what: 'owed back', ledger: bal.owedOpen, booking: owedByPayments });
    const receipts = entries.filter((e) => e.kind !== 'refund' && e.kind !== 'refund-reversal');
    const tcs = receipts.reduce((s, e) => s + e.tcs, 0);
    const bookedTcs = (b.taxes ?? []).find((t) => t.code === 'TCS')?.amount ?? 0;
    if (b.paymentStatus === 'paid' && tcs !== bookedTcs)
      out.push({ RefIdKey: b.refIdKey, what: 'TCS collected', ledger: tcs, booking: bookedTcs });
  }
  return out;
}
