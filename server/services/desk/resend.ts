import type { ResendWhat } from '../../../contract/desk.ts';
import { DOCUMENT_MESSAGES } from '../../../contract/documents.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { confirmationMail } from '../bookings/mail.ts';
import { bookingDetail } from '../bookings/queries.ts';
import { vouchersIssued } from '../bookings/records.ts';
import { enqueueMail, type OutboxMail } from '../outbox.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { leadOf, lockedBooking, tripUrlOf } from './payments.ts';

export const RESEND_MESSAGES = {
  noEmail: 'The lead traveller has no email address: there is nowhere to send it.',
  awaitingPayment:
    'This booking is still awaiting its payment: it has no confirmation, invoice or vouchers to send yet.',
  vouchersUnpaid: 'The vouchers are issued once the booking is paid in full: record the balance first.',
} as const;

/**
 * Mails the traveller their confirmation, invoice (the proforma before payment) or vouchers again
 * (mail.resend): queued with its documents, rendered when sent from the booking as it then is, and
 * audited. Refused (409): a cancelled booking, one awaiting payment, vouchers before payment in full.
 */
export async function resendMail(
  db: Db,
  config: Config,
  actor: Actor,
  ref: string,
  what: ResendWhat,
  now = new Date(),
): Promise<{ to: string; what: ResendWhat }> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const b = await lockedBooking(tx, ref);
    if (b.status === 'cancelled')
      throw conflict(
        what === 'vouchers'
          ? DOCUMENT_MESSAGES.vouchersCancelled
          : 'This booking is cancelled: there is no confirmation, invoice or vouchers to resend.',
      );
    if (b.status !== 'confirmed') throw conflict(RESEND_MESSAGES.awaitingPayment);
    // Vouchers once paid in full, or those a pay-later booking already had under the older rules (decision 0093).
    if (what === 'vouchers' && !vouchersIssued(b)) throw conflict(RESEND_MESSAGES.vouchersUnpaid);
    const d = await bookingDetail(tx, config, b.userId, b.refIdKey);
    const lead = leadOf(d);
    if (!lead) throw conflict(RESEND_MESSAGES.noEmail);
    const shop = shopDetails(config, d.site);
    const withVouchers = vouchersIssued(b);
    let message: OutboxMail;
    if (what === 'confirmation') {
      const m = confirmationMail(d, tripUrlOf(config, d), shop);
      if (!m) throw conflict(RESEND_MESSAGES.noEmail);
      message = {
        ...m,
        subject: `${m.subject} (copy)`,
        attachments: [
          { type: 'invoice', bookingId: b.id },
          ...(withVouchers ? [{ type: 'vouchers' as const, bookingId: b.id }] : []),
        ],
      };
    } else {
      const doc =
        what === 'invoice'
          ? b.invoiceNumber
            ? `tax invoice ${b.invoiceNumber}`
            : 'proforma invoice'
          : 'supplier vouchers';
      message = {
        to: lead.to,
        subject:
          what === 'invoice' ? `Your ${doc} for booking ${b.refIdKey}` : `Your vouchers for booking ${b.refIdKey}`,
        text: [
          lead.greeting,
          '',
          `As you asked, here is your ${doc} for booking ${b.refIdKey} (${d.lines[0]?.title ?? 'your holiday'}), attached to this mail.`,
          '',
          `You will always find it in My trips: ${tripUrlOf(config, d)}`,
          '',
          `Questions? Call ${shop.phone} and quote ${b.refIdKey}.`,
          '',
          shop.tradeName,
        ].join('\n'),
        attachments: [{ type: what, bookingId: b.id }],
      };
    }
    await enqueueMail(tx, {
      kind: `resend-${what}`,
      dedupeKey: `resend:${what}:${b.id}:${now.getTime()}`,
      bookingId: b.id,
      message,
    });
    await audit({
      action: 'mail.resend',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: null,
      after: { what, to: lead.to, subject: message.subject },
    });
    return { to: lead.to, what };
  });
}
