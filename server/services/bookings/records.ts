import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BookingStatus, BookingSummary, PaymentStatus } from '../../../contract/booking.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** No 0/O, 1/I/L: a reference read out over the phone is not misheard. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** `WL-7K3M9-QXD2P`: 50 random bits, unguessable and quotable; never a sequence number. */
export function newReference(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)]!;
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `WL-${group()}-${group()}`;
}

/** Records a change of status or payment state, with its cause (the booking's history). */
export async function recordEvent(
  tx: Db,
  bookingId: number,
  status: BookingStatus,
  paymentStatus: PaymentStatus,
  cause: string,
  at = new Date(),
) {
  await tx.execute(sql`
    insert into booking_events (booking_id, status, payment_status, cause, created_at)
    values (${bookingId}, ${status}, ${paymentStatus}, ${cause}, ${at.toISOString()})`);
}

export interface SummaryFacts {
  title: string;
  lines: number;
  firstTravelDate: string;
  travellers: number;
}

/**
 * Whether the booking's supplier vouchers are issued (decision 0093): once it is confirmed and paid
 * in full; and a pay-later booking numbered while unpaid (the rules before issue 19 gave it its tax
 * invoice and its vouchers when it was made) keeps the vouchers it was sent, the balance still due
 * to the shop, until it is paid or cancelled.
 */
export function vouchersIssued(
  b: Pick<BookingRow, 'status' | 'paymentStatus' | 'paymentMethod' | 'invoiceNumber'>,
): boolean {
  if (b.status !== 'confirmed') return false;
  if (b.paymentStatus === 'paid') return true;
  return (
    b.paymentMethod === 'pay-later' &&
    b.invoiceNumber !== null &&
    (b.paymentStatus === 'unpaid' || b.paymentStatus === 'partly-paid')
  );
}

export function toSummary(b: BookingRow, facts: SummaryFacts): BookingSummary {
  return {
    BookingId: b.id,
    RefIdKey: b.refIdKey,
    Status: b.status,
    PaymentStatus: b.paymentStatus,
    PaymentMethod: b.paymentMethod,
    Total: b.total,
    Currency: b.currency as BookingSummary['Currency'],
    site: b.site as BookingSummary['site'],
    title: facts.title,
    moreLines: Math.max(0, facts.lines - 1),
    firstTravelDate: facts.firstTravelDate,
    travellerCount: facts.travellers,
    createdAt: b.createdAt.toISOString(),
    vouchersIssued: vouchersIssued(b),
  };
}

/** Summary facts of many bookings in one query: first line's title, line count, first date, party. */
export async function summaryFacts(db: Db, ids: number[]): Promise<Map<number, SummaryFacts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{
    booking_id: number;
    title: string;
    lines: number;
    first_date: string;
    travellers: number;
  }>(sql`
    select l.booking_id,
           (array_agg(l.title order by l.position))[1] as title,
           count(*)::int as lines,
           to_char(min(l.travel_date), 'YYYY-MM-DD') as first_date,
           (select count(*)::int from booking_travellers t where t.booking_id = l.booking_id) as travellers
    from booking_lines l
    where l.booking_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by l.booking_id`);
  return new Map(
    rows.map((r) => [
      r.booking_id,
      { title: r.title, lines: r.lines, firstTravelDate: r.first_date, travellers: r.travellers },
    ]),
  );
}

export async function summaryOf(db: Db, b: BookingRow): Promise<BookingSummary> {
  const facts = (await summaryFacts(db, [b.id])).get(b.id) ?? {
    title: 'Holiday',
    lines: 0,
    firstTravelDate: '',
    travellers: 0,
  };
  return toSummary(b, facts);
}
