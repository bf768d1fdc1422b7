import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillLedger, ledgerCheck } from '../../server/services/ledger/backfill.ts';
import { entriesOf } from '../../server/services/ledger/ledger.ts';
import { createBookingKit, findPackage, sql, siteBooking, traveller, type BookingKit } from '../support/booking-kit.ts';

/*
 * The ledger's opening entries for bookings whose money moved before it (decision 0089): money
 * written as the older build wrote it (payment rows and the booking's own figures, no entries) is
 * back-filled once at start, and the check finds the opening balances equal to today's figures.
 */

let kit: BookingKit;
let uae: number;
let home: number;

beforeAll(async () => {
  kit = await createBookingKit();
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  home = (await findPackage(kit, { rooms: 10, inIndia: true })).id;
}, 180_000);
afterAll(() => kit.close());

const db = () => kit.database.db;

/**
 * Money received as the build before the ledger recorded it: the payment row and the booking's figures, nothing else.
 */
async function oldPayment(
  bookingId: number,
  amount: number,
  opts: { full?: boolean; owed?: boolean; at?: string } = {},
) {
  const at = opts.at ?? new Date().toISOString();
  const { rows } = await db().execute<{ id: number }>(sql`
    insert into payments (booking_id, provider, provider_ref, method, received_on, amount, currency, status, paid_at, refund_status)
    select id, 'manual', ${`OLD-${bookingId}-${amount}-${Math.random()}`}, 'bank-transfer', ${at.slice(0, 10)}, ${amount}, currency, 'paid', ${at}, ${opts.owed ? 'due' : null}
    from bookings where id = ${bookingId} returning id`);
  if (!opts.owed) {
    await db().execute(sql`update bookings set amount_paid = amount_paid + ${amount},
      payment_status = ${opts.full ? 'paid' : 'partly-paid'}, paid_at = ${opts.full ? at : null} where id = ${bookingId}`);
  }
  if (opts.full) {
    await db()
      .execute(sql`insert into invoice_counters (site, last_number) select site, 1 from bookings where id = ${bookingId}
      on conflict (site) do update set last_number = invoice_counters.last_number + 1`);
    await db()
      .execute(sql`update bookings b set invoice_number = (case b.site when 'IN' then 'WLH-IN-' else 'WLH-AE-' end) || lpad(c.last_number::text, 6, '0'), invoiced_at = ${at}
      from invoice_counters c where c.site = b.site and b.id = ${bookingId}`);
  }
  return rows[0]!.id;
}

describe('the ledger for money that moved before it', () => {
  it('writes each booking’s opening entries once, and the check finds them equal to the bookings’ figures', async () => {
    const who = await traveller(kit, 'old');
    const paid = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const part = await siteBooking(kit, who, 'IN', home, 'pay-later');
    const refunded = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    const owed = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    await oldPayment(paid.BookingId, paid.Total, { full: true });
    await oldPayment(part.BookingId, Math.floor(part.Total / 3));
    const p = await oldPayment(refunded.BookingId, refunded.Total, { full: true });
    await db()
      .execute(sql`insert into refunds (booking_id, payment_id, provider, amount, currency, status, provider_refund_id, idempotency_key, reason)
      values (${refunded.BookingId}, ${p}, 'manual', 20000, 'AED', 'processed', 'OLD-RF-1', ${`old-${p}`}, 'Goodwill')`);
    await db().execute(sql`update bookings set payment_status = 'partly-refunded' where id = ${refunded.BookingId}`);
    await db().execute(
      sql`update bookings set status = 'cancelled', cancelled_at = now() where id = ${owed.BookingId}`,
    );
    await oldPayment(owed.BookingId, owed.Total, { owed: true });
    const ids = [paid.BookingId, part.BookingId, refunded.BookingId, owed.BookingId];
    for (const id of ids) expect(await entriesOf(db(), id)).toEqual([]);

    const written = await backfillLedger(db());
    expect(written).toBe(5);
    expect(await ledgerCheck(db(), ids)).toEqual([]);
    expect((await entriesOf(db(), paid.BookingId)).map((e) => [e.kind, e.amount, e.documentKind])).toEqual([
      ['bank-transfer', paid.Total, 'invoice'],
    ]);
    expect((await entriesOf(db(), refunded.BookingId)).map((e) => [e.kind, e.amount])).toEqual([
      ['bank-transfer', refunded.Total],
      ['refund', -20000],
    ]);
    expect((await entriesOf(db(), owed.BookingId)).map((e) => [e.kind, e.amount, e.owed])).toEqual([
      ['owed-back', owed.Total, owed.Total],
    ]);
    // The India part payment carries its share of the booking's GST.
    const [advance] = await entriesOf(db(), part.BookingId);
    expect(advance!.cgst + advance!.sgst + advance!.igst + advance!.gst).toBeGreaterThan(0);
    // Once: a second start writes nothing.
    expect(await backfillLedger(db())).toBe(0);
  });

  it('the check says what does not add up', async () => {
    const who = await traveller(kit, 'odd');
    const b = await siteBooking(kit, who, 'UAE', uae, 'pay-later');
    await oldPayment(b.BookingId, 10_000);
    await backfillLedger(db());
    await db().execute(sql`update bookings set amount_paid = 12345 where id = ${b.BookingId}`);
    expect(await ledgerCheck(db(), [b.BookingId])).toEqual([
      { RefIdKey: b.RefIdKey, what: 'amount paid', ledger: 10_000, booking: 12345 },
    ]);
  });
});
