import type { FastifyBaseLogger } from 'fastify';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail.ts';
import { shopDetails } from '../shop-details.ts';
import { confirmationMail } from './mail.ts';
import { bookingDetail } from './queries.ts';

/** Mails a traveller their booking after it committed; a mail that fails is logged and never fails the booking. */
export function bookingNotifier(db: Db, config: Config, mailer: Mailer, log: FastifyBaseLogger) {
  return async function confirm(userId: number, refIdKey: string): Promise<void> {
    try {
      const detail = await bookingDetail(db, config, userId, refIdKey);
      const tripUrl = `${publicUrl(config)}${detail.site === 'IN' ? '/in' : ''}/trips/${refIdKey}`;
      const message = confirmationMail(detail, tripUrl, shopDetails(config, detail.site));
      if (message) await mailer.send(message);
    } catch (err) {
      log.error({ err, refIdKey }, 'booking confirmation mail failed');
    }
  };
}
