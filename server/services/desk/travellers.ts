import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingTravellers, bookings } from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import { bookingDetail } from '../bookings/queries.ts';
import type { CorrectedName } from '../../../contract/desk.ts';
import { vouchersIssued, type BookingRow } from '../bookings/records.ts';
import { fullName } from '../documents/source.ts';
import { enqueueMail } from '../outbox.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { leadOf, lockedBooking, tripUrlOf } from './payments.ts';
import { siteDay } from '../../../contract/calendar.ts';

export interface NameCorrection {
  title?: string;
  firstName: string;
  lastName: string;
  reason: string;
}

export const TRAVELLER_MESSAGES = {
  notFound: 'This booking has no traveller with that id.',
  cancelled: 'This booking is cancelled: its travellers cannot be changed.',
  travelled: (first: string) => `Names can only be corrected before travel: this trip began on ${first}.`,
  unchanged: 'The name is the same as before: nothing to correct.',
} as const;

/**
 * Corrects a traveller's name before travel (travellers.edit): the vouchers are rendered from the
 * travellers, so they carry the new name at once, and a booking paid in full gets them mailed
 * again. A tax invoice already numbered is a document issued to the buyer: it is not re-issued
 * silently. Its buyer name stays as issued (bookings.invoice_buyer_name keeps it); a buyer who needs
 * it in the corrected name gets a credit note and a new invoice from accounts. Audited before/after.
 */
export async function correctTravellerName(
  db: Db,
  config: Config,
  actor: Actor,
  ref: string,
  travellerId: number,
  input: NameCorrection,
  now = new Date(),
): Promise<CorrectedName> {
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const b = await lockedBooking(tx, ref);
    if (b.status === 'cancelled') throw conflict(TRAVELLER_MESSAGES.cancelled);
    const { rows } = await tx.execute<{ first: string }>(
      sql`select to_char(min(travel_date), 'YYYY-MM-DD') as first from booking_lines where booking_id = ${b.id}`,
    );
    const first = rows[0]?.first;
    if (first && first <= siteDay(now, b.site)) throw conflict(TRAVELLER_MESSAGES.travelled(first));
    const [t] = await tx
      .select()
      .from(bookingTravellers)
      .where(and(eq(bookingTravellers.id, travellerId), eq(bookingTravellers.bookingId, b.id)));
    if (!t) throw notFound(TRAVELLER_MESSAGES.notFound);
    const before = { title: t.title, firstName: t.firstName, lastName: t.lastName };
    const after = { title: input.title ?? t.title, firstName: input.firstName, lastName: input.lastName };
    if (after.title === before.title && after.firstName === before.firstName && after.lastName === before.lastName)
      throw invalid(TRAVELLER_MESSAGES.unchanged);
    await tx.update(bookingTravellers).set(after).where(eq(bookingTravellers.id, t.id));
    let invoiceKeeps: string | null = null;
    if (t.lead && b.invoiceNumber) {
      invoiceKeeps = b.invoiceBuyerName ?? fullName(before);
      if (!b.invoiceBuyerName)
        await tx.update(bookings).set({ invoiceBuyerName: invoiceKeeps }).where(eq(bookings.id, b.id));
    }
    await audit({
      action: 'travellers.edit',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: { travellerId: t.id, lead: t.lead, ...before },
      after: { travellerId: t.id, lead: t.lead, ...after, reason: input.reason, invoiceKeeps },
    });
    // The traveller holds vouchers in the old name: paid in full, or kept from the older pay-later rules (decision
    // 0093).
    const vouchersMailed =
      vouchersIssued(b) &&
      (await mailUpdatedVouchers(
        tx,
        config,
        b,
        `vouchers-updated:${b.id}:${t.id}:${now.getTime()}`,
        `We have corrected a traveller's name on booking ${b.refIdKey}: ${fullName(before)} is now ${fullName(after)}. Your updated vouchers are attached; please use them instead of the earlier ones.`,
      ));
    return { travellerId: t.id, before, after, invoiceKeeps, vouchersMailed };
  });
}

/**
 * Mails the traveller their vouchers again after a change that is printed on them (a corrected
 * name, a supplier's confirmation number), through the outbox in the caller's transaction: `what`
 * is the paragraph that says what changed. False when the booking has no lead traveller to mail.
 */
export async function mailUpdatedVouchers(
  tx: Db,
  config: Config,
  b: BookingRow,
  dedupeKey: string,
  what: string,
): Promise<boolean> {
  const d = await bookingDetail(tx, config, b.userId, b.refIdKey);
  const lead = leadOf(d);
  if (!lead) return false;
  const shop = shopDetails(config, d.site);
  await enqueueMail(tx, {
    kind: 'vouchers-updated',
    dedupeKey,
    bookingId: b.id,
    message: {
      to: lead.to,
      subject: `Updated vouchers for booking ${b.refIdKey}`,
      text: [
        lead.greeting,
        '',
        what,
        '',
        `My trips: ${tripUrlOf(config, d)}`,
        '',
        `Questions? Call ${shop.phone} and quote ${b.refIdKey}.`,
        '',
        shop.tradeName,
      ].join('\n'),
      attachments: [{ type: 'vouchers', bookingId: b.id }],
    },
  });
  return true;
}
