import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DeskPayment, DeskRefund, RefundQueueItem } from '../../../contract/desk.ts';
import { DESK_MESSAGES } from '../../../contract/desk.ts';
import { formatMinor } from '../../../contract/format.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, creditNotes, payments, refunds, staff } from '../../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../../lib/errors.ts';
import { RefundRefused, refreshPaymentState, sendRefund, settleRefundIn, type RefundRow } from '../payments/refunds.ts';
import { refundWithCreditNote } from './credit-notes.ts';
import { entriesOf, owedOnPayment } from '../ledger/ledger.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';

/*
 * Refunds made at the desk (refunds.make): part or all of what one payment took, never more than
 * it took less what is already refunded or on its way (pending + processed), never twice: each
 * form sends its own Idempotency-Key and the booking's and the payment's rows are locked while the
 * refund is written, so a double click, a retry or two staff at once make one refund. Gateway
 * money goes back through the gateway after the commit; money paid outside the shop is recorded
 * as refunded by hand, with its reference.
 */

type PaymentRow = typeof payments.$inferSelect;

export const REFUND_MESSAGES = {
  noKey:
    'A refund needs an Idempotency-Key header (the screen makes one per form), so a double click makes one refund.',
  keyReused: 'This Idempotency-Key was already used for another refund. Reload the page and try again.',
  noPayment: 'This booking has no paid payment with that id.',
  needsReference:
    'Money paid outside the shop is refunded by hand: give the reference of the transfer back (or the cash receipt).',
  referenceUsed: 'A refund with this reference is already recorded.',
  notPositive: 'The amount to refund must be more than zero.',
  notManual: 'Only a refund of money paid outside the shop is recorded by hand.',
  notPending: 'This refund is not waiting to be recorded.',
  failedBefore: (why: string) => `This refund failed (${why}). Nothing was refunded: reload the page to try again.`,
} as const;

/** Refunds on a payment that count (pending or processed). */
export async function refundedOn(tx: Db, paymentId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select coalesce(sum(amount), 0)::int as n from refunds where payment_id = ${paymentId} and status <> 'failed'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The payments that paid the booking (not those owed back), with what each can still give back: gateway ones newest
 * first, then money paid outside the shop.
 */
export async function refundablePayments(tx: Db, bookingId: number) {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'paid'), sql`${payments.refundStatus} is null`))
    .orderBy(desc(payments.paidAt), desc(payments.id));
  const out = [];
  for (const p of rows) out.push({ payment: p, left: Math.max(0, p.amount - (await refundedOn(tx, p.id))) });
  return [...out.filter((x) => x.payment.provider !== 'manual'), ...out.filter((x) => x.payment.provider === 'manual')];
}

/**
 * Money given back by staff (a cancellation, an amendment), spread over the payments that took it
 * in refundablePayments' order: one pending refund row per payment, each under its own key.
 */
export async function spreadRefund(
  tx: Db,
  bookingId: number,
  amount: number,
  row: { key: (paymentId: number) => string; reason: string; note: string; createdBy: number; now: Date },
): Promise<RefundRow[]> {
  const made: RefundRow[] = [];
  let left = amount;
  for (const { payment, left: room } of await refundablePayments(tx, bookingId)) {
    if (left <= 0) break;
    const part = Math.min(left, room);
    if (part <= 0) continue;
    left -= part;
    const [inserted] = await tx
      .insert(refunds)
      .values({
        bookingId,
        paymentId: payment.id,
        provider: payment.provider,
        amount: part,
        currency: payment.currency,
        status: 'pending',
        idempotencyKey: row.key(payment.id),
        reason: row.reason,
        note: row.note,
        createdBy: row.createdBy,
        createdAt: row.now,
        updatedAt: row.now,
      })
      .returning();
    made.push(inserted!);
  }
  return made;
}

export function deskPayment(p: PaymentRow, refunded: number, recordedBy: string | null): DeskPayment {
  return {
    id: p.id,
    provider: p.provider,
    providerRef: p.providerRef,
    providerPaymentId: p.providerPaymentId,
    method: p.method ?? null,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    refundStatus: p.refundStatus ?? null,
    refunded,
    refundable: p.status === 'paid' ? Math.max(0, p.amount - refunded) : 0,
    receivedOn: p.receivedOn ?? null,
    recordedBy,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** A booking's payments with what is refunded and refundable on each. */
export async function deskPayments(db: Db, bookingId: number): Promise<DeskPayment[]> {
  const rows = await db
    .select({ p: payments, by: staff.email })
    .from(payments)
    .leftJoin(staff, eq(staff.id, payments.recordedBy))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.id));
  const out: DeskPayment[] = [];
  for (const r of rows) out.push(deskPayment(r.p, await refundedOn(db, r.p.id), r.by));
  return out;
}

export function deskRefund(r: RefundRow, by: string | null, creditNoteNumber: string | null): DeskRefund {
  return {
    id: r.id,
    paymentId: r.paymentId,
    provider: r.provider,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    providerRefundId: r.providerRefundId,
    reason: r.reason,
    note: r.note,
    failureReason: r.failureReason,
    creditNoteNumber,
    createdBy: by,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function deskRefunds(db: Db, where: { bookingId?: number; ids?: number[] }): Promise<DeskRefund[]> {
  const cond = where.ids
    ? where.ids.length
      ? inArray(refunds.id, where.ids)
      : sql`false`
    : eq(refunds.bookingId, where.bookingId ?? -1);
  const rows = await db
    .select({ r: refunds, by: staff.email, cn: creditNotes.number })
    .from(refunds)
    .leftJoin(staff, eq(staff.id, refunds.createdBy))
    .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(cond)
    .orderBy(asc(refunds.id));
  return rows.map((x) => deskRefund(x.r, x.by, x.cn));
}

export interface RefundInput {
  paymentId: number;
  amount: number;
  reason: string;
  note?: string;
  reference?: string;
}

/**
 * refunds.make: one refund of one payment of the booking `ref`, once per Idempotency-Key. The
 * same key again answers the refund it made. A gateway refund is sent after the commit; the
 * provider's refusal fails it (an upstream DomainError, 502, with the provider's words, the refund in data).
 */
export async function makeRefund(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  input: RefundInput,
  key: string | undefined,
  now: Date,
): Promise<{ refund: DeskRefund; replay: boolean }> {
  if (!key || key.length < 8 || key.length > 200) throw invalid(REFUND_MESSAGES.noKey);
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw invalid(REFUND_MESSAGES.notPositive);
  const idempotencyKey = `desk:${key}`;
  const made = await staffAction(db, actor, now, async ({ tx, audit, unchanged, afterCommit }) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.refIdKey, ref)).for('update');
    if (!b) throw notFound(DESK_MESSAGES.notFound);
    const [again] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
    if (again) {
      if (again.paymentId !== input.paymentId || again.amount !== input.amount || again.bookingId !== b.id)
        throw conflict(REFUND_MESSAGES.keyReused);
      // The same request after the provider refused it: the refusal again (a new form tries again).
      if (again.status === 'failed')
        throw conflict(REFUND_MESSAGES.failedBefore(again.failureReason ?? 'no reason given'));
      unchanged();
      return { refund: again, replay: true };
    }
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.bookingId, b.id), eq(payments.status, 'paid')))
      .for('update');
    if (!p) throw notFound(REFUND_MESSAGES.noPayment);
    const refunded = await refundedOn(tx, p.id);
    const left = Math.max(0, p.amount - refunded);
    if (input.amount > left) throw conflict(DESK_MESSAGES.refundTooMuch(formatMinor(left, p.currency)));
    const manual = p.provider === 'manual';
    const reference = input.reference?.trim() ?? '';
    if (manual && !reference) throw invalid(REFUND_MESSAGES.needsReference);
    if (manual) {
      const [used] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.provider, 'manual'), eq(refunds.providerRefundId, reference)));
      if (used) throw conflict(REFUND_MESSAGES.referenceUsed);
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        bookingId: b.id,
        paymentId: p.id,
        provider: p.provider,
        amount: input.amount,
        currency: p.currency,
        status: 'pending',
        providerRefundId: manual ? reference : null,
        idempotencyKey,
        reason: input.reason,
        note: input.note ?? '',
        createdBy: actor.staffId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit({
      action: 'refunds.make',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: { paymentId: p.id, refunded, refundable: left },
      after: {
        refundId: refund!.id,
        paymentId: p.id,
        provider: p.provider,
        amount: input.amount,
        reason: input.reason,
        note: input.note ?? '',
        reference: manual ? reference : null,
      },
    });
    // The ledger's refund entry, with its credit note when it gives sale money back (decision 0089).
    await refundWithCreditNote(tx, b, [refund!], `Refund: ${input.reason}`, actor.staffId, now);
    if (manual) await settleRefundIn(tx, refund!.id, { outcome: 'processed' }, now);
    else {
      await refreshPaymentState(
        tx,
        b.id,
        `refund of ${formatMinor(input.amount, p.currency)} started (${p.provider})`,
        now,
      );
      // After the commit: the gateway refund to its provider, whose refusal is the answer.
      afterCommit(async () => {
        try {
          await sendRefund(db, config, refund!.id, () => now);
        } catch (err) {
          if (!(err instanceof RefundRefused)) throw err;
          const [failed] = await deskRefunds(db, { ids: [refund!.id] });
          throw new DomainError('upstream', err.message, { refund: failed });
        }
      });
    }
    return { refund: refund!, replay: false };
  });
  const [answer] = await deskRefunds(db, { ids: [made.refund.id] });
  return { refund: answer!, replay: made.replay };
}

/** A pending refund of money paid outside the shop (from a cancellation), recorded as made with its reference. */
export async function recordManualRefund(
  db: Db,
  actor: Actor & { staffId: number },
  ref: string,
  refundId: number,
  reference: string,
  now: Date,
): Promise<DeskRefund> {
  const ref_ = reference.trim();
  if (!ref_) throw invalid(REFUND_MESSAGES.needsReference);
  await staffAction(db, actor, now, async ({ tx, audit }) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.refIdKey, ref)).for('update');
    if (!b) throw notFound(DESK_MESSAGES.notFound);
    const [r] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.bookingId, b.id)))
      .for('update');
    if (!r) throw notFound('This booking has no refund with that id.');
    if (r.provider !== 'manual') throw conflict(REFUND_MESSAGES.notManual);
    if (r.status !== 'pending') throw conflict(REFUND_MESSAGES.notPending);
    const [used] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.provider, 'manual'), eq(refunds.providerRefundId, ref_), ne(refunds.id, r.id)));
    if (used) throw conflict(REFUND_MESSAGES.referenceUsed);
    await tx.update(refunds).set({ providerRefundId: ref_ }).where(eq(refunds.id, r.id));
    await audit({
      action: 'refunds.make',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: { refundId: r.id, status: r.status },
      after: { refundId: r.id, status: 'processed', reference: ref_ },
    });
    await settleRefundIn(tx, r.id, { outcome: 'processed' }, now);
  });
  const [answer] = await deskRefunds(db, { ids: [refundId] });
  return answer!;
}

/**
 * A gateway refund still without the provider's id this long after it was made was never sent (the process stopped
 * after the commit).
 */
export const UNSENT_AFTER_MS = 2 * 60_000;

/**
 * GET /api/admin/refunds: every payment owed back, every failed refund not yet made good, every
 * manual refund waiting, and gateway refunds never sent (sent again with their own key).
 */
export async function refundQueue(db: Db, now = new Date()): Promise<RefundQueueItem[]> {
  const items: RefundQueueItem[] = [];
  const base = (b: typeof bookings.$inferSelect) => ({
    BookingId: b.id,
    RefIdKey: b.refIdKey,
    site: b.site,
    bookingStatus: b.status,
    paymentStatus: b.paymentStatus,
  });
  const due = await db
    .select({ p: payments, b: bookings, by: staff.email })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(staff, eq(staff.id, payments.recordedBy))
    .where(eq(payments.refundStatus, 'due'))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  for (const { p, b, by } of due) {
    const dp = deskPayment(p, await refundedOn(db, p.id), by);
    // What this payment is owed back, from the ledger (a capture over what was due owes only the excess).
    const entries = (await entriesOf(db, b.id)).filter((e) => e.paymentId === p.id);
    const owed = entries.length ? Math.min(dp.refundable, owedOnPayment(entries, p.id)) : dp.refundable;
    if (owed > 0)
      items.push({
        kind: 'due',
        ...base(b),
        payment: dp,
        refund: null,
        amount: owed,
        currency: p.currency,
        since: (p.paidAt ?? p.createdAt).toISOString(),
      });
  }
  const failed = await db
    .select({ r: refunds, p: payments, b: bookings })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(eq(refunds.status, 'failed'))
    .orderBy(desc(refunds.id));
  const seen = new Set<number>();
  for (const { r, p, b } of failed) {
    if (seen.has(p.id) || p.refundStatus === 'due') continue;
    seen.add(p.id);
    // Made good since: a later refund on the payment that did not fail.
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from refunds where payment_id = ${p.id} and id > ${r.id} and status <> 'failed'`,
    );
    if (Number(rows[0]!.n) > 0) continue;
    const dp = deskPayment(p, await refundedOn(db, p.id), null);
    const amount = Math.min(r.amount, dp.refundable);
    if (amount <= 0) continue;
    const [dr] = await deskRefunds(db, { ids: [r.id] });
    items.push({
      kind: 'failed',
      ...base(b),
      payment: dp,
      refund: dr!,
      amount,
      currency: p.currency,
      since: r.updatedAt.toISOString(),
    });
  }
  const manual = await db
    .select({ r: refunds, p: payments, b: bookings })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(refunds.status, 'pending'), eq(refunds.provider, 'manual')))
    .orderBy(asc(refunds.id));
  for (const { r, p, b } of manual) {
    const [dr] = await deskRefunds(db, { ids: [r.id] });
    items.push({
      kind: 'manual-pending',
      ...base(b),
      payment: deskPayment(p, await refundedOn(db, p.id), null),
      refund: dr!,
      amount: r.amount,
      currency: r.currency,
      since: r.createdAt.toISOString(),
    });
  }
  const unsent = await db
    .select({ r: refunds, p: payments, b: bookings })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        ne(refunds.provider, 'manual'),
        sql`${refunds.providerRefundId} is null`,
        sql`${refunds.createdAt} < ${new Date(now.getTime() - UNSENT_AFTER_MS).toISOString()}`,
      ),
    )
    .orderBy(asc(refunds.id));
  for (const { r, p, b } of unsent) {
    const [dr] = await deskRefunds(db, { ids: [r.id] });
    items.push({
      kind: 'unsent',
      ...base(b),
      payment: deskPayment(p, await refundedOn(db, p.id), null),
      refund: dr!,
      amount: r.amount,
      currency: r.currency,
      since: r.createdAt.toISOString(),
    });
  }
  return items;
}

/**
 * Sends again a gateway refund that was never sent, with its own idempotency key (a provider that
 * did get it answers the same refund). A refusal fails it, as when it was first sent.
 */
export async function resendRefund(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  refundId: number,
  now: Date,
): Promise<DeskRefund> {
  const [row] = await db
    .select({ r: refunds })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(refunds.id, refundId), eq(bookings.refIdKey, ref)));
  if (!row) throw notFound('This booking has no refund with that id.');
  if (row.r.provider === 'manual' || row.r.status !== 'pending' || row.r.providerRefundId)
    throw conflict('This refund is not waiting to be sent.');
  try {
    await staffAction(db, actor, now, async ({ audit, afterCommit }) => {
      await audit({
        action: 'refunds.make',
        recordType: 'booking',
        recordId: ref,
        before: { refundId, sent: false },
        after: { refundId, sent: true },
      });
      afterCommit(() => sendRefund(db, config, refundId, () => now));
    });
  } catch (err) {
    if (!(err instanceof RefundRefused)) throw err;
    const [failed] = await deskRefunds(db, { ids: [refundId] });
    throw new DomainError('upstream', err.message, { refund: failed });
  }
  const [answer] = await deskRefunds(db, { ids: [refundId] });
  return answer!;
}
