import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatMinor } from '../../../contract/format.ts';
import { NEW_BOOKING_MESSAGES, PAY_LINK_HOURS, type PayLinkView } from '../../../contract/desk-new-booking.ts';
import type { Site } from '../../../contract/site.ts';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingLines, bookings } from '../../db/schema.ts';
import { conflict, gone, notFound } from '../../lib/errors.ts';
import type { BookingRow } from '../bookings/records.ts';
import { laidOut } from '../mail-layout.ts';
import { shopDetails } from '../shop-details.ts';
import { gatewayOf } from '../payments/steps.ts';
import type { LaidOutMail } from '../bookings/mail.ts';
import { addDays, siteDayStart } from '../../../contract/calendar.ts';

/*
 * A payment link (docs/decisions/0095): `<booking id>.<ends at>.<signature>`, the id and the end
 * (seconds since 1970) in base 36 and an HMAC-SHA256 of both under AUTH_SECRET. Nothing is stored:
 * the link cannot be changed (another booking, a later end) without the secret, and it ends by
 * itself. What it pays is read from the booking each time (its amount due, whether it was paid or
 * cancelled meanwhile), through the shop's own pay-later balance flow.
 */

const sign = (config: Pick<Config, 'AUTH_SECRET'>, body: string) =>
  createHmac('sha256', config.AUTH_SECRET).update(`pay-link\n${body}`).digest('base64url').slice(0, 32);

/** The link's end: PAY_LINK_HOURS from now, or the end of the due date (the site's day) if sooner. */
export function payLinkEnd(now: Date, dueOn: string | null, site: Site): Date {
  const latest = now.getTime() + PAY_LINK_HOURS * 3_600_000;
  if (!dueOn) return new Date(latest);
  return new Date(Math.min(latest, siteDayStart(addDays(dueOn, 1), site).getTime()));
}

export function payLinkToken(config: Pick<Config, 'AUTH_SECRET'>, bookingId: number, endsAt: Date): string {
  const body = `${bookingId.toString(36)}.${Math.floor(endsAt.getTime() / 1000).toString(36)}`;
  return `${body}.${sign(config, body)}`;
}

export const payLinkUrl = (config: Config, site: Site, token: string) =>
  `${publicUrl(config)}${site === 'IN' ? '/in' : ''}/checkout/link/${token}`;

/** The booking and end a link names, or 404 when it is not one of ours (a typo, a cut link, a forged one). */
export function readPayLink(config: Pick<Config, 'AUTH_SECRET'>, token: string): { bookingId: number; endsAt: Date } {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[0-9a-z]{1,12}$/.test(parts[0]!) || !/^[0-9a-z]{1,12}$/.test(parts[1]!))
    throw notFound(NEW_BOOKING_MESSAGES.linkUnknown);
  const want = Buffer.from(sign(config, `${parts[0]}.${parts[1]}`));
  const got = Buffer.from(parts[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound(NEW_BOOKING_MESSAGES.linkUnknown);
  const bookingId = parseInt(parts[0]!, 36);
  const endsAt = new Date(parseInt(parts[1]!, 36) * 1000);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0 || Number.isNaN(endsAt.getTime()))
    throw notFound(NEW_BOOKING_MESSAGES.linkUnknown);
  return { bookingId, endsAt };
}

const whenText = (d: Date, site: Site) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: site === 'IN' ? 'Asia/Kolkata' : 'Asia/Dubai',
  }).format(d);

/**
 * The booking a link pays, checked: 404 unknown, 409 cancelled, 410 ended (`forPaying`: only a
 * link still open starts a payment; its page, and a payment made just before it ended, still read).
 */
export async function payLinkBooking(
  db: Db,
  config: Config,
  token: string,
  now: Date,
  forPaying: boolean,
): Promise<{ booking: BookingRow; endsAt: Date }> {
  const { bookingId, endsAt } = readPayLink(config, token);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw notFound(NEW_BOOKING_MESSAGES.linkUnknown);
  if (booking.status === 'cancelled') throw conflict(NEW_BOOKING_MESSAGES.linkCancelled);
  const paid = booking.paymentStatus === 'paid' || booking.total - booking.amountPaid <= 0;
  if (forPaying && !paid && endsAt <= now)
    throw gone(
      NEW_BOOKING_MESSAGES.linkExpired(whenText(endsAt, booking.site), shopDetails(config, booking.site).phone),
    );
  return { booking, endsAt };
}

/** What the link's page shows: the trip, what is due, and until when the link pays it. */
export async function payLinkView(db: Db, config: Config, token: string, now: Date): Promise<PayLinkView> {
  const { booking: b, endsAt } = await payLinkBooking(db, config, token, now, false);
  const paid = b.paymentStatus === 'paid' || b.total - b.amountPaid <= 0;
  if (!paid && endsAt <= now)
    throw gone(NEW_BOOKING_MESSAGES.linkExpired(whenText(endsAt, b.site), shopDetails(config, b.site).phone));
  const [line] = await db
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(bookingLines.position)
    .limit(1);
  return {
    RefIdKey: b.refIdKey,
    site: b.site,
    title: line?.title ?? 'Your holiday',
    travelDate: line?.travelDate ?? '',
    currency: b.currency,
    total: b.total,
    amountDue: Math.max(0, b.total - b.amountPaid),
    expiresAt: endsAt.toISOString(),
    state: paid ? 'paid' : 'payable',
    gateway: gatewayOf(b),
  };
}

/** The traveller's mail with the link: what is due, until when, and that the card is typed on the gateway's page. */
export function payLinkMail(
  config: Config,
  b: Pick<BookingRow, 'refIdKey' | 'site' | 'currency' | 'total'>,
  lead: { email: string; greeting: string },
  facts: { title: string; url: string; endsAt: Date },
): LaidOutMail {
  const site = b.site;
  const shop = shopDetails(config, site);
  const amount = formatMinor(b.total, b.currency);
  const until = whenText(facts.endsAt, site);
  return {
    to: lead.email,
    subject: `Pay for booking ${b.refIdKey}: ${amount}`,
    ...laidOut({
      shop,
      heading: 'Your payment link',
      preheader: `Pay ${amount} for booking ${b.refIdKey} by ${until}.`,
      greeting: lead.greeting,
      blocks: [
        {
          p: `Thank you for booking ${facts.title} with us. Your booking ${b.refIdKey} is made; pay for it online with the link below, on your phone or computer.`,
        },
        {
          rows: [
            { label: 'Amount', value: amount, strong: true },
            { label: 'Booking reference', value: b.refIdKey },
            { label: 'Link valid until', value: until },
          ],
        },
        { link: { text: `Pay ${amount} now`, button: `Pay ${amount}`, url: facts.url } },
        {
          p: `Your card is typed on ${site === 'IN' ? 'Razorpay’s' : 'Stripe’s'} secure page, never ours. If the link has ended, call us on ${shop.phone} for a new one.`,
        },
      ],
    }),
  };
}
