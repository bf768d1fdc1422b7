import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { Mailer } from '../mail.ts';
import { shopDetails } from '../shop-details.ts';
import { confirmationMail, refundDueMail } from './mail.ts';
import { bookingDetail } from './queries.ts';

/**
 * Mails a traveller their booking after it committed; a mail that fails is logged and never fails
 * the booking. What it says follows the booking as it now is: a cancelled booking is never called
 * confirmed; a payment kept with its refund due (after a cancellation, or a second payment) is
 * said to be refunded.
 */
export function bookingNotifier(db: Db, config: Config, mailer: Mailer, log: FastifyBaseLogger) {
  return async function confirm(userId: number, refIdKey: string, outcome?: string): Promise<void> {
    try {
      const detail = await bookingDetail(db, config, userId, refIdKey);
      const tripUrl = `${publicUrl(config)}${detail.site === 'IN' ? '/in' : ''}/trips/${refIdKey}`;
      const shop = shopDetails(config, detail.site);
      let message;
      if (outcome === 'paid-twice' || detail.PaymentStatus === 'refund-due') {
        const [refund] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.bookingId, detail.BookingId), eq(payments.refundStatus, 'due')))
          .orderBy(desc(payments.paidAt))
          .limit(1);
        message = refund ? refundDueMail(detail, { amount: refund.amount, currency: refund.currency }, tripUrl, shop) : null;
      } else {
        message = confirmationMail(detail, tripUrl, shop);
      }
      if (message) await mailer.send(message);
    } catch (err) {
      log.error({ err, refIdKey }, 'booking confirmation mail failed');
    }
  };
}
