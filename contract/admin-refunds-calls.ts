import type { Currency } from './site.ts';
import { z } from 'zod';
import { MAX_DB_ID } from './common.ts';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import { creditNoteSchema } from './credit-notes.ts';
import {
  DESK_MESSAGES,
  type DeskCancellationQuote,
  type DeskCancellationRequest,
  type DeskCreditNote,
  type DeskPayment,
  type DeskRefund,
  type RefundQueueItem,
} from './desk.ts';
import { inSmallestUnit } from './money.ts';

/*
 * Cancellation by policy, refunds through the gateways and by hand, the refund queue and credit
 * notes (issue 20). Declared once here (decision 0111): server/routes/admin-refunds.ts registers
 * them, the desk's cancel panel (on the booking page) and refund queue call them.
 */

/** The money side of one booking, for the cancel panel: quote, payments, refunds, credit notes, requests. */
export interface DeskBookingMoney {
  RefIdKey: string;
  Status: string;
  PaymentStatus: string;
  Currency: Currency;
  invoiceNumber: string | null;
  cancellation: DeskCancellationQuote | null;
  payments: DeskPayment[];
  refunds: DeskRefund[];
  creditNotes: DeskCreditNote[];
  cancellationRequests: DeskCancellationRequest[];
}

/** What a cancellation did: kept and refunded (smallest unit), its refunds and credit note. */
export interface DeskCancelResult {
  RefIdKey: string;
  keep: number;
  refund: number;
  policyKeep: number;
  refunds: DeskRefund[];
  creditNote: DeskCreditNote | null;
  /** Gateway refunds the provider refused: failed, in the refund queue. */
  failures: string[];
}

/**
 * A booking's reference in the path. A NUL character, which no reference has and the database cannot compare, is
 * refused in the words of a reference not found.
 */
const refParams = z.object({
  ref: z
    .string()
    .min(1)
    .max(40)
    .refine((ref) => !ref.includes('\u0000'), DESK_MESSAGES.notFound),
});
const refundParams = refParams.extend({
  id: z.coerce.number().int().positive().max(MAX_DB_ID, 'This booking has no refund with that id.'),
});
/** Text of at most `max` characters; `what` names it when it is missing or too long. */
const text = (max: number, what: string) =>
  z
    .string({ message: `Enter ${what}.` })
    .trim()
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most ${max} characters.`);
const oneRefund = answer<{ refund: DeskRefund }>('The DeskRefund in `refund`');

/** The money side of one booking. */
export const bookingMoneyCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/refunds',
  params: refParams,
  data: answer<DeskBookingMoney>('DeskBookingMoney'),
  permission: 'bookings.read',
});

/** Cancels by the policy (or an amount kept by override, with its reason): rooms released, refunds started, mailed. */
export const cancelBookingCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/cancel',
  params: refParams,
  body: z.object({
    reason: text(500, 'the reason for the cancellation'),
    keep: inSmallestUnit(
      z
        .number({ message: 'Enter the amount kept in the smallest unit of the currency (fils, paise).' })
        .int('Enter the amount kept as a whole number of fils or paise.')
        .min(0, 'The amount kept cannot be negative.')
        .max(1_000_000_000, 'That amount is too large.'),
    ).optional(),
    keepReason: text(500, 'the reason for the amount kept').optional(),
    requestId: z.number({ message: 'The request to approve is named by its number.' }).int().positive().optional(),
  }),
  data: answer<DeskCancelResult>('DeskCancelResult'),
  permission: 'bookings.cancel',
});

/** One refund of one payment, once per Idempotency-Key (the same key again answers it, `replay` true). */
export const makeRefundCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/refunds',
  params: refParams,
  body: z.object({
    paymentId: z
      .number({ message: 'Choose the payment to refund.' })
      .int('Choose the payment to refund.')
      .positive('Choose the payment to refund.'),
    amount: inSmallestUnit(
      z
        .number({ message: 'Enter the amount to refund, in the smallest unit of the currency (fils, paise).' })
        .int('Enter the amount as a whole number of fils or paise.')
        .positive('The amount must be more than zero.')
        .max(1_000_000_000, 'That amount is too large.'),
    ),
    reason: text(500, 'the reason for the refund').min(1, 'Give the reason for the refund.'),
    note: text(2000, 'the note').optional(),
    reference: text(200, 'the refund’s reference').optional(),
  }),
  data: answer<{ refund: DeskRefund; replay: boolean }>('The DeskRefund in `refund`, and `replay`'),
  permission: 'refunds.make',
});

/** A pending refund of money paid outside the shop, recorded as made with its reference. */
export const recordRefundCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/refunds/:id/record',
  params: refundParams,
  body: z.object({ reference: text(200, 'the reference of the refund (the bank transfer’s or the receipt’s)') }),
  data: oneRefund,
  permission: 'refunds.make',
});

/** A gateway refund never sent, sent again with its own idempotency key. */
export const sendRefundCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/refunds/:id/send',
  params: refundParams,
  data: oneRefund,
  permission: 'refunds.make',
});

/** The refund queue: payments owed back, failed refunds, manual refunds to record, refunds never sent. */
export const refundQueueCall = defineAdminCall({
  method: 'GET',
  path: 'refunds',
  params: noParams,
  data: answer<{ items: RefundQueueItem[] }>('A list of RefundQueueItem in `items`'),
  permission: 'refunds.make',
});

/**
 * A booking's credit note: `<id>` answers the document (as the traveller's GetCreditNoteDetails does), `<id>.pdf`
 * its PDF, not an envelope (opening it is audited). The desk links to the PDF (DeskCreditNote's pdfUrl).
 */
export const creditNoteCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/credit-notes/:file',
  params: refParams.extend({
    file: z
      .string()
      .regex(/^\d{1,9}(\.pdf)?$/, 'must be a credit note id')
      .describe('The credit note’s id for its JSON; its id and .pdf (12.pdf) for its PDF.'),
  }),
  data: creditNoteSchema,
  permission: 'bookings.read',
});
