import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { formatMinor } from '../../../../contract/format.ts';
import {
  QUOTE_MESSAGES,
  REPLY_MESSAGES,
  type EnquiryQuote,
  type QuoteView,
} from '../../../../contract/enquiry-replies.ts';
import { siteDay, type Site } from '../../../../contract/site.ts';
import { publicUrl, type Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { bookingLines, bookings, enquiries, enquiryQuotes, packages, staff, users } from '../../../db/schema.ts';
import { gone, invalid, notFound } from '../../../lib/errors.ts';
import { priceHold } from '../../bookings/pricing.ts';
import { laidOut } from '../../mail-layout.ts';
import { enqueueMail } from '../../outbox.ts';
import { shopDetails } from '../../shop-details.ts';
import type { Actor } from '../../staff/audit.ts';
import { staffAction } from '../../staff/staff-action.ts';
import { enquiryById } from './detail.ts';
import { contactOf } from './list.ts';
import { addDays, siteDayStart } from '../../../../contract/calendar.ts';

/*
 * A quote made from an enquiry (docs/decisions/0101). Its price is the shop's own (priceHold, no
 * coupon) when it is made, kept on the row. The traveller's link is signed as a payment link is
 * (decision 0095: `<quote id>.<ends at>.<HMAC-SHA256 under AUTH_SECRET>`, base 36, another purpose
 * string so one link cannot stand for the other); it ends with the last day the quote is valid
 * (the site's day). "Book this" puts the line in the traveller's cart and they book through the
 * shop's checkout, which prices it again; a booking of the quoted package and date by the
 * enquiry's email address, made after the quote, is linked to the quote and marks the enquiry booked.
 */

const sign = (config: Pick<Config, 'AUTH_SECRET'>, body: string) =>
  createHmac('sha256', config.AUTH_SECRET).update(`enquiry-quote\n${body}`).digest('base64url').slice(0, 32);

/** The end of the quote's link: the end of its last valid day, on the site's clock. */
export const quoteEnd = (validUntil: string, site: Site) => siteDayStart(addDays(validUntil, 1), site);

export function quoteToken(config: Pick<Config, 'AUTH_SECRET'>, quoteId: number, endsAt: Date): string {
  const body = `${quoteId.toString(36)}.${Math.floor(endsAt.getTime() / 1000).toString(36)}`;
  return `${body}.${sign(config, body)}`;
}

export const quoteUrl = (config: Config, site: Site, token: string) =>
  `${publicUrl(config)}${site === 'IN' ? '/in' : ''}/quote/${token}`;

export function readQuoteToken(config: Pick<Config, 'AUTH_SECRET'>, token: string): { quoteId: number; endsAt: Date } {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[0-9a-z]{1,12}$/.test(parts[0]!) || !/^[0-9a-z]{1,12}$/.test(parts[1]!))
    throw notFound(QUOTE_MESSAGES.linkUnknown);
  const want = Buffer.from(sign(config, `${parts[0]}.${parts[1]}`));
  const got = Buffer.from(parts[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound(QUOTE_MESSAGES.linkUnknown);
  const quoteId = parseInt(parts[0]!, 36);
  const endsAt = new Date(parseInt(parts[1]!, 36) * 1000);
  if (!Number.isSafeInteger(quoteId) || quoteId <= 0 || Number.isNaN(endsAt.getTime()))
    throw notFound(QUOTE_MESSAGES.linkUnknown);
  return { quoteId, endsAt };
}

export interface QuoteInput {
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  rooms: number;
  validUntil: string;
}

/** Prices the line as the shop does (no coupon): the total in the smallest unit. */
async function shopPrice(db: Db, config: Config, site: Site, q: QuoteInput, now: Date) {
  const price = await priceHold(db, {
    site,
    lines: [
      {
        packageId: q.packageId,
        travelDate: q.travelDate,
        adults: q.adults,
        children: q.children,
        infants: 0,
        rooms: q.rooms,
      },
    ],
    userId: 0,
    tcsRate: config.TCS_RATE_PERCENT,
    now,
  });
  return { total: price.total, currency: price.currency, title: price.lines[0]!.title };
}

/** Makes the quote, queues its mail with the link, audits it; all in one transaction. */
export async function makeQuote(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  enquiryId: number,
  q: QuoteInput,
  now: Date,
) {
  const e = await enquiryById(db, enquiryId);
  const site = e.site;
  const today = siteDay(now, site);
  if (q.travelDate <= today) throw invalid(QUOTE_MESSAGES.travelPast);
  if (q.validUntil < today) throw invalid(QUOTE_MESSAGES.validUntilPast);
  if (q.validUntil > q.travelDate) throw invalid(QUOTE_MESSAGES.validAfterTravel);
  const who = contactOf(e.payload);
  if (!who.email) throw invalid(REPLY_MESSAGES.noEmail);
  const priced = await shopPrice(db, config, site, q, now);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    await enquiryById(tx, enquiryId, true);
    const [row] = await tx
      .insert(enquiryQuotes)
      .values({
        enquiryId,
        staffId: actor.staffId,
        site,
        currency: priced.currency,
        ...q,
        total: priced.total,
        createdAt: now,
      })
      .returning();
    const url = quoteUrl(config, site, quoteToken(config, row!.id, quoteEnd(q.validUntil, site)));
    const shop = shopDetails(config, site);
    const price = formatMinor(priced.total, priced.currency);
    const party = `${q.adults} adult${q.adults === 1 ? '' : 's'}${q.children ? `, ${q.children} child${q.children === 1 ? '' : 'ren'}` : ''}, ${q.rooms} room${q.rooms === 1 ? '' : 's'}`;
    await enqueueMail(tx, {
      kind: 'enquiry-quote',
      dedupeKey: `enquiry-quote:${row!.id}`,
      message: {
        to: who.email!,
        subject: `Your quote for ${priced.title}: ${price}`,
        ...laidOut({
          shop,
          heading: 'Your holiday quote',
          preheader: `${priced.title} on ${q.travelDate} for ${price}, valid until ${q.validUntil}.`,
          greeting: who.name === '(no name given)' ? 'Hello,' : `Dear ${who.name},`,
          blocks: [
            { p: 'Thank you for your enquiry. Here is your quote; open it to book it online.' },
            {
              rows: [
                { label: 'Holiday', value: priced.title },
                { label: 'Travel date', value: q.travelDate },
                { label: 'Party', value: party },
                { label: 'Price', value: price, strong: true },
                { label: 'Valid until', value: q.validUntil },
              ],
            },
            { link: { text: 'See and book your quote', button: 'See your quote', url } },
            { p: `Questions? Call us on ${shop.phone}.` },
          ],
        }),
      },
    });
    await tx
      .update(enquiries)
      .set({ ...(e.status === 'new' ? { status: 'contacted' as const } : {}), updatedAt: now })
      .where(eq(enquiries.id, enquiryId));
    await audit({
      action: 'enquiry.quote',
      recordType: 'enquiry',
      recordId: enquiryId,
      after: {
        quoteId: row!.id,
        packageId: q.packageId,
        title: priced.title,
        travelDate: q.travelDate,
        party,
        total: priced.total,
        price,
        validUntil: q.validUntil,
        to: who.email,
      },
    });
    return { id: row!.id, total: priced.total, currency: priced.currency, title: priced.title, url, to: who.email! };
  });
}

/**
 * Links quotes not yet booked to a booking the enquiry's traveller made of the same package and
 * date after the quote (not cancelled), and marks the enquiry booked (audited as the system).
 */
export async function linkQuoteBookings(db: Db, enquiryId: number, now: Date) {
  const e = await enquiryById(db, enquiryId);
  const email = contactOf(e.payload).email;
  if (!email) return;
  const open = await db
    .select()
    .from(enquiryQuotes)
    .where(and(eq(enquiryQuotes.enquiryId, enquiryId), isNull(enquiryQuotes.bookingId)));
  for (const q of open) {
    const [b] = await db
      .select({ id: bookings.id, ref: bookings.refIdKey })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(bookingLines, eq(bookingLines.bookingId, bookings.id))
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          eq(bookingLines.packageId, q.packageId),
          eq(bookingLines.travelDate, q.travelDate),
          gte(bookings.createdAt, q.createdAt),
          ne(bookings.status, 'cancelled'),
        ),
      )
      .orderBy(asc(bookings.createdAt))
      .limit(1);
    if (!b) continue;
    await staffAction(db, { staffId: null, role: 'system', clientAddress: null }, now, async ({ tx, audit }) => {
      const locked = await enquiryById(tx, enquiryId, true);
      await tx.update(enquiryQuotes).set({ bookingId: b.id }).where(eq(enquiryQuotes.id, q.id));
      const final = locked.status === 'booked' || locked.status === 'closed';
      if (!final)
        await tx
          .update(enquiries)
          .set({ status: 'booked', bookingId: b.id, updatedAt: now })
          .where(eq(enquiries.id, enquiryId));
      await audit({
        action: 'enquiry.quote.booked',
        recordType: 'enquiry',
        recordId: enquiryId,
        before: { status: locked.status },
        after: { quoteId: q.id, bookingRef: b.ref, status: final ? locked.status : 'booked' },
      });
    });
  }
}

/** The enquiry's quotes, newest last, each with its link and the booking made from it. */
export async function quotesOf(db: Db, config: Config, enquiryId: number, now: Date): Promise<EnquiryQuote[]> {
  await linkQuoteBookings(db, enquiryId, now);
  const rows = await db
    .select({ q: enquiryQuotes, title: packages.title, by: staff.email, ref: bookings.refIdKey })
    .from(enquiryQuotes)
    .innerJoin(packages, eq(packages.id, enquiryQuotes.packageId))
    .leftJoin(staff, eq(staff.id, enquiryQuotes.staffId))
    .leftJoin(bookings, eq(bookings.id, enquiryQuotes.bookingId))
    .where(eq(enquiryQuotes.enquiryId, enquiryId))
    .orderBy(asc(enquiryQuotes.createdAt), asc(enquiryQuotes.id));
  return rows.map(({ q, title, by, ref }) => {
    const site = q.site;
    const endsAt = quoteEnd(q.validUntil, site);
    return {
      id: q.id,
      packageId: q.packageId,
      title,
      travelDate: q.travelDate,
      adults: q.adults,
      children: q.children,
      rooms: q.rooms,
      currency: q.currency,
      total: q.total,
      validUntil: q.validUntil,
      expired: endsAt <= now,
      url: quoteUrl(config, site, quoteToken(config, q.id, endsAt)),
      staff: by,
      at: q.createdAt.toISOString(),
      bookingRef: ref,
    };
  });
}

/** The traveller's quote page: 404 an unknown link, 410 an ended one (unless it was booked). */
export async function quoteView(db: Db, config: Config, token: string, now: Date): Promise<QuoteView> {
  const { quoteId, endsAt } = readQuoteToken(config, token);
  const [row] = await db
    .select({
      q: enquiryQuotes,
      title: packages.title,
      slug: packages.slug,
      ref: bookings.refIdKey,
      payload: enquiries.payload,
    })
    .from(enquiryQuotes)
    .innerJoin(packages, eq(packages.id, enquiryQuotes.packageId))
    .innerJoin(enquiries, eq(enquiries.id, enquiryQuotes.enquiryId))
    .leftJoin(bookings, eq(bookings.id, enquiryQuotes.bookingId))
    .where(eq(enquiryQuotes.id, quoteId));
  if (!row) throw notFound(QUOTE_MESSAGES.linkUnknown);
  const site = row.q.site;
  if (!row.ref && endsAt <= now) throw gone(QUOTE_MESSAGES.expired(row.q.validUntil, shopDetails(config, site).phone));
  const name = contactOf(row.payload).name;
  return {
    site,
    packageId: row.q.packageId,
    slug: row.slug,
    title: row.title,
    travelDate: row.q.travelDate,
    adults: row.q.adults,
    children: row.q.children,
    rooms: row.q.rooms,
    currency: row.q.currency,
    total: row.q.total,
    validUntil: row.q.validUntil,
    name: name === '(no name given)' ? '' : name,
    bookingRef: row.ref,
  };
}
