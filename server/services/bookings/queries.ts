import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { BookingDetail, BookingDocument, BookingSummary } from '../../../contract/booking.ts';
import { ONLINE_MINIMUM } from '../../../contract/online-payment.ts';
import { siteDay } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingEvents, bookingLines, bookings, bookingTravellers, files, packages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { groupBy } from '../../lib/group-by.ts';
import { depositFirst, dueOnlineOf, keptToDueDate } from './deposits.ts';
import { shopDetails } from '../shop-details.ts';
import { maskPan } from './pan.ts';
import { summaryFacts, toSummary, type BookingRow } from './records.ts';

export const BOOKING_NOT_FOUND = 'We could not find this booking in your account.';

/** A traveller's booking by id, or a refusal that says nothing about anyone else's. */
export async function ownBooking(db: Db, userId: number, bookingId: number): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .limit(1);
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row;
}

/** The traveller's bookings on both sites, newest first. */
export async function listBookings(db: Db, userId: number): Promise<BookingSummary[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200);
  const facts = await summaryFacts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toSummary(r, facts.get(r.id) ?? { title: 'Holiday', lines: 0, firstTravelDate: '', travellers: 0 }),
  );
}

const documentOf = (
  f: Pick<typeof files.$inferSelect, 'id' | 'originalName' | 'mime' | 'size' | 'createdAt'>,
): BookingDocument => ({
  id: f.id,
  name: f.originalName,
  kind: f.mime === 'application/pdf' ? 'document' : 'image',
  mime: f.mime,
  size: f.size,
  uploadedAt: f.createdAt.toISOString(),
});

export async function bookingDocuments(db: Db, bookingId: number): Promise<BookingDocument[]> {
  const rows = await db
    .select()
    .from(files)
    .where(eq(files.owner, `booking:${bookingId}`))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map(documentOf);
}

/**
 * What a booking's detail is made of besides its row: its lines (with their package's slug), travellers, history and
 * uploaded files, each in order.
 */
interface DetailParts {
  lines: { line: typeof bookingLines.$inferSelect; slug: string }[];
  travellers: (typeof bookingTravellers.$inferSelect)[];
  events: (typeof bookingEvents.$inferSelect)[];
  documents: BookingDocument[];
}

/** Everything about one of the traveller's bookings, by its reference. */
export async function bookingDetail(db: Db, config: Config, userId: number, refIdKey: string): Promise<BookingDetail> {
  const [b] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.refIdKey, refIdKey.toUpperCase()), eq(bookings.userId, userId)))
    .limit(1);
  if (!b) throw notFound(BOOKING_NOT_FOUND);
  return (await bookingDetailsOf(db, config, [b])).get(b.id)!;
}

/**
 * The details of bookings (rows already read as the traveller's) in four queries, whatever their
 * number: one booking's (bookingDetail) or a whole list's (docs/decisions/0107). One query after
 * another: this is read inside transactions too (the mail queued with a change), and a
 * transaction's single connection must not be given several queries at once.
 */
export async function bookingDetailsOf(
  db: Db,
  config: Config,
  rows: BookingRow[],
): Promise<Map<number, BookingDetail>> {
  if (rows.length === 0) return new Map();
  const ids = rows.map((r) => r.id);
  const lines = await db
    .select({ line: bookingLines, slug: packages.slug })
    .from(bookingLines)
    .innerJoin(packages, eq(packages.id, bookingLines.packageId))
    .where(inArray(bookingLines.bookingId, ids))
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.position));
  const travellers = await db
    .select()
    .from(bookingTravellers)
    .where(inArray(bookingTravellers.bookingId, ids))
    .orderBy(asc(bookingTravellers.bookingId), asc(bookingTravellers.position));
  const events = await db
    .select()
    .from(bookingEvents)
    .where(inArray(bookingEvents.bookingId, ids))
    .orderBy(asc(bookingEvents.bookingId), asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const uploads = await db
    .select({
      id: files.id,
      owner: files.owner,
      originalName: files.originalName,
      mime: files.mime,
      size: files.size,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(
      inArray(
        files.owner,
        ids.map((id) => `booking:${id}`),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
  const linesOf = groupBy(lines, (l) => l.line.bookingId);
  const travellersOf = groupBy(travellers, (t) => t.bookingId);
  const eventsOf = groupBy(events, (e) => e.bookingId);
  const uploadsOf = groupBy(uploads, (f) => f.owner);
  return new Map(
    rows.map((b) => [
      b.id,
      detailOf(config, b, {
        lines: linesOf.get(b.id) ?? [],
        travellers: travellersOf.get(b.id) ?? [],
        events: eventsOf.get(b.id) ?? [],
        documents: (uploadsOf.get(`booking:${b.id}`) ?? []).map(documentOf),
      }),
    ]),
  );
}

/** A booking's detail from its row and its parts, as the traveller sees it. */
function detailOf(config: Config, b: BookingRow, { lines, travellers, events, documents }: DetailParts): BookingDetail {
  const first = lines[0]?.line;
  const summary = toSummary(b, {
    title: first?.title ?? 'Holiday',
    lines: lines.length,
    firstTravelDate: lines.map((l) => l.line.travelDate).sort()[0] ?? '',
    travellers: travellers.length,
  });
  const shop = shopDetails(config, b.site);
  // A deposit booking is stored as pay later, but until its deposit is received its one step is the
  // gateway's (docs/decisions/0108): no bank details for the balance, no "Pay now" for it yet.
  const payingLater =
    b.paymentMethod === 'pay-later' && b.paymentStatus !== 'paid' && b.status !== 'cancelled' && !depositFirst(b);
  const q = `BookingId=${b.id}`;
  return {
    ...summary,
    lines: lines.map(({ line: { id: _id, bookingId: _b, position: _p, ...l }, slug }) => ({ ...l, slug })),
    subtotal: b.subtotal,
    discount: b.discount,
    coupon: b.couponCode ? { code: b.couponCode, title: b.couponCode } : null,
    taxes: b.taxes,
    total: b.total,
    amountPaid: b.amountPaid,
    amountDue: b.status === 'cancelled' ? 0 : Math.max(0, b.total - b.amountPaid),
    paymentDueOn: b.paymentDueOn,
    payTo: payingLater ? { phone: shop.phone, email: shop.email, bank: shop.bank } : null,
    payOnline:
      payingLater &&
      keptToDueDate(b) &&
      dueOnlineOf(b) >= ONLINE_MINIMUM[b.currency] &&
      !(b.paymentDueOn && siteDay(new Date(), b.site) > b.paymentDueOn) &&
      (b.site === 'IN'
        ? Boolean(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET)
        : Boolean(config.STRIPE_SECRET_KEY)),
    depositAmount: b.depositAmount,
    specialRequests: b.specialRequests,
    pan: b.pan ? maskPan(b.pan) : null,
    travellers: travellers.map((t) => ({
      lead: t.lead,
      title: t.title,
      firstName: t.firstName,
      lastName: t.lastName,
      ageBand: t.ageBand,
      email: t.email,
      phone: t.phone,
      dob: t.dob,
    })),
    documents,
    events: events.map((e) => ({
      at: e.createdAt.toISOString(),
      status: e.status as BookingDetail['Status'],
      paymentStatus: e.paymentStatus as BookingDetail['PaymentStatus'],
      cause: e.cause,
    })),
    links: { invoice: `/api/Common/GetInvoiceDetails?${q}`, vouchers: `/api/Common/GenerateAllVoucher?${q}` },
  };
}
