import { and, eq } from 'drizzle-orm';
import type { BookingDetail } from '../../../contract/booking.ts';
import {
  DESK_MESSAGES,
  MANUAL_METHOD_LABELS,
  type ManualMethod,
  type RecordedPayment,
} from '../../../contract/desk.ts';
import { formatDay, formatMinor } from '../../../contract/format.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { invalid, notFound, conflict, DomainError } from '../../lib/errors.ts';
import { bookingDetail } from '../bookings/queries.ts';
import type { BookingRow } from '../bookings/records.ts';
import { amountDue, receive } from '../ledger/ledger.ts';
import { closeOpenPayments } from '../payments/close.ts';
import { enqueueMail, type OutboxMail } from '../outbox.ts';
import { greetingOf, laidOut, type MailBlock } from '../mail-layout.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { siteDay } from '../../../contract/calendar.ts';

/*
 * Money received outside the shop (a bank transfer, cash, a card terminal), recorded by staff
 * (payments.record). One transaction with the booking's row locked: the payment row, the booking's
 * amount paid and payment state (partly paid until the total is reached, then paid, confirmed and
 * its tax invoice numbered), its history, the audit row and the receipt mail (queued: sent by the
 * outbox after the commit). A refusal changes nothing.
 */

export interface ManualPaymentInput {
  /** Smallest unit of the booking's currency. */
  amount: number;
  method: ManualMethod;
  reference: string;
  /** YYYY-MM-DD, the day the money arrived (not in the future). */
  receivedOn: string;
}

type Tx = Db;

export const tripUrlOf = (config: Config, d: Pick<BookingDetail, 'site' | 'RefIdKey'>) =>
  `${publicUrl(config)}${d.site === 'IN' ? '/in' : ''}/trips/${d.RefIdKey}`;

/** The booking by its reference, its row locked for the rest of the transaction (404 when none). */
export async function lockedBooking(tx: Tx, ref: string): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.refIdKey, ref.trim().toUpperCase())).for('update');
  if (!b) throw notFound(DESK_MESSAGES.notFound);
  return b;
}

/** The unique index (provider, provider_ref) refused a second row: the same reference twice. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** "Dear Ms Asha Rao," and the lead's address, or null when the lead has no email. */
export function leadOf(d: BookingDetail): { to: string; greeting: string } | null {
  const lead = d.travellers.find((t) => t.lead);
  if (!lead?.email) return null;
  return { to: lead.email, greeting: greetingOf(lead) };
}

/** The receipt for money staff recorded: what was received, what is paid, what is left (or that it is paid in full). */
export function receiptMail(
  config: Config,
  d: BookingDetail,
  p: { amount: number; method: ManualMethod; reference: string; receivedOn: string },
): OutboxMail | null {
  const lead = leadOf(d);
  if (!lead) return null;
  const shop = shopDetails(config, d.site);
  const m = (n: number) => formatMinor(n, d.Currency);
  const full = d.PaymentStatus === 'paid';
  const howMuch: MailBlock = {
    rows: [
      { label: 'Total', value: m(d.total) },
      { label: 'Paid so far', value: m(d.amountPaid) },
      ...(full
        ? []
        : [
            {
              label: 'Balance due',
              value: `${m(d.amountDue)}${d.paymentDueOn ? ` by ${formatDay(d.paymentDueOn)}` : ''}`,
              strong: true,
            },
          ]),
    ],
  };
  const mail = laidOut({
    shop,
    heading: full ? 'Paid in full: thank you' : `Payment received: ${m(p.amount)}`,
    preheader: full
      ? `Booking ${d.RefIdKey} is paid in full.`
      : `Balance due on booking ${d.RefIdKey}: ${m(d.amountDue)}`,
    greeting: lead.greeting,
    blocks: [
      {
        p: `We have received ${m(p.amount)} for your booking ${d.RefIdKey} (${d.lines[0]?.title ?? 'your holiday'}): ${MANUAL_METHOD_LABELS[p.method].toLowerCase()} received on ${formatDay(p.receivedOn)}, reference ${p.reference}. Thank you.`,
      },
      howMuch,
      {
        p: full
          ? 'Your booking is now paid in full. Your tax invoice and your supplier vouchers are attached.'
          : `Your receipt voucher for this payment is attached. Please pay the balance quoting your booking reference ${d.RefIdKey}. Your supplier vouchers come when the balance is paid.`,
      },
      { link: { text: 'See your booking in My trips', button: 'Open my booking', url: tripUrlOf(config, d) } },
      { p: `Questions? Call ${shop.phone} and quote ${d.RefIdKey}.` },
    ],
  });
  return {
    to: lead.to,
    subject: full
      ? `Payment received: booking ${d.RefIdKey} is paid in full`
      : `Payment received: ${m(p.amount)} for booking ${d.RefIdKey}`,
    ...mail,
    attachments: [
      { type: 'invoice', bookingId: d.BookingId },
      ...(full
        ? [{ type: 'vouchers' as const, bookingId: d.BookingId }]
        : [{ type: 'money-document' as const, bookingId: d.BookingId, paymentRef: p.reference }]),
    ],
  };
}

/**
 * Records money received outside the shop. Refused, with nothing changed: a cancelled booking,
 * nothing due, more than the balance (with the amount due), a reference already recorded, a date
 * received in the future.
 */
export async function recordManualPayment(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  input: ManualPaymentInput,
  now = new Date(),
): Promise<RecordedPayment> {
  const reference = input.reference.trim().replace(/\s+/g, ' ');
  let recorded: RecordedPayment & { bookingId: number };
  try {
    recorded = await staffAction(db, actor, now, async ({ tx, audit, afterCommit }) => {
      const b = await lockedBooking(tx, ref);
      if (b.status === 'cancelled') throw conflict(DESK_MESSAGES.cancelled);
      if (input.receivedOn > siteDay(now, b.site))
        throw invalid('receivedOn: The date received cannot be in the future.');
      const madeOn = siteDay(b.createdAt, b.site);
      if (input.receivedOn < madeOn)
        throw invalid(`receivedOn: The date received cannot be before the booking was made (${formatDay(madeOn)}).`);
      // What is due on the day the money arrived: the sale left, with TCS under that day's rule.
      const due = (await amountDue(tx, config, b, input.receivedOn)).total;
      if (due === 0 || !['unpaid', 'partly-paid', 'failed'].includes(b.paymentStatus))
        throw conflict(DESK_MESSAGES.nothingDue);
      if (input.amount > due) throw conflict(DESK_MESSAGES.overpaid(formatMinor(due, b.currency)));
      const [used] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, 'manual'), eq(payments.providerRef, reference)))
        .limit(1);
      if (used) throw conflict(DESK_MESSAGES.referenceUsed);

      const [row] = await tx
        .insert(payments)
        .values({
          bookingId: b.id,
          provider: 'manual',
          providerRef: reference,
          method: input.method,
          receivedOn: input.receivedOn,
          recordedBy: actor.staffId,
          amount: input.amount,
          currency: b.currency,
          status: 'paid',
          paidAt: now,
        })
        .returning({ id: payments.id });
      const paymentId = row!.id;
      const label = MANUAL_METHOD_LABELS[input.method].toLowerCase();
      const amount = formatMinor(input.amount, b.currency);
      const got = await receive(tx, config, b, {
        amount: input.amount,
        kind: input.method,
        at: now,
        day: input.receivedOn,
        accept: true,
        paymentId,
        provider: 'manual',
        providerRef: reference,
        staffId: actor.staffId,
        cause: `${amount} received by ${label} on ${input.receivedOn} (reference ${reference})`,
      });
      const after = got.booking;
      const status = after.status;
      const paymentStatus = after.paymentStatus;
      const amountPaid = after.amountPaid;
      const invoiceNumber = after.invoiceNumber;
      await audit({
        action: 'payments.record',
        recordType: 'booking',
        recordId: b.refIdKey,
        before: {
          status: b.status,
          paymentStatus: b.paymentStatus,
          amountPaid: b.amountPaid,
          amountDue: due,
          invoiceNumber: b.invoiceNumber,
        },
        after: {
          status,
          paymentStatus,
          amountPaid,
          amountDue: Math.max(0, after.total - amountPaid),
          invoiceNumber,
          document: got.document,
          payment: {
            id: paymentId,
            amount: input.amount,
            currency: b.currency,
            method: input.method,
            reference,
            receivedOn: input.receivedOn,
          },
        },
      });
      const detail = await bookingDetail(tx, config, b.userId, b.refIdKey);
      const message = receiptMail(config, detail, { ...input, reference });
      if (message)
        await enqueueMail(tx, { kind: 'receipt', dedupeKey: `receipt:${paymentId}`, bookingId: b.id, message });
      // What is due changed: a Checkout Session or order opened for the old amount is closed (decision 0089).
      afterCommit(() =>
        closeOpenPayments(
          db,
          config,
          b.id,
          `the amount due changed: ${formatMinor(input.amount, b.currency)} recorded at the desk`,
        ),
      );
      return {
        bookingId: b.id,
        paymentId,
        RefIdKey: b.refIdKey,
        Currency: b.currency,
        PaymentStatus: paymentStatus,
        Status: status,
        AmountPaid: amountPaid,
        AmountDue: Math.max(0, after.total - amountPaid),
        invoiceNumber,
      };
    });
  } catch (err) {
    if (!(err instanceof DomainError) && isUniqueViolation(err)) throw conflict(DESK_MESSAGES.referenceUsed);
    throw err;
  }
  const { bookingId: _bookingId, ...answer } = recorded;
  return answer;
}
