import { mailOutbox } from '../db/schema.ts';
import type { DbOrTx } from './staff/audit.ts';

/** A document attached when the mail is sent, rendered then from the booking as it is. */
export interface OutboxAttachment {
  type: 'invoice' | 'vouchers' | 'credit-note';
  bookingId: number;
  creditNoteId?: number;
}

/** A mail as queued: plain text always; HTML and attachments when the notice has them. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: OutboxAttachment[];
}

export interface QueuedMail {
  /** 'booking-confirmed', 'receipt', 'refund', 'credit-note', 'cancelled', 'cancellation-declined', … */
  kind: string;
  /** The same key queued twice is one mail (e.g. `receipt:<paymentId>`). */
  dedupeKey?: string;
  bookingId?: number;
  message: OutboxMail;
}

/**
 * Queues a mail in the transaction of the change it tells of (docs/decisions/0051): it is sent
 * once that transaction commits, by the outbox worker, and never if it rolls back.
 */
export async function enqueueMail(tx: DbOrTx, mail: QueuedMail): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ kind: mail.kind, dedupeKey: mail.dedupeKey ?? null, bookingId: mail.bookingId ?? null, payload: mail.message as unknown as Record<string, unknown> })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}
