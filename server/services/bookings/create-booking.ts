import { sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES,
  type BookingSummary,
  type CreateBookingParams,
  type LeadTraveller,
  type Traveller,
} from '../../../contract/booking.ts';
import type { CartItem } from '../../../contract/cart.ts';
import { formatDay } from '../../../contract/format.ts';
import type { Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingLines, bookings, bookingTravellers } from '../../db/schema.ts';
import { invalid, conflict, DomainError } from '../../lib/errors.ts';
import { checkHeldAgeBands } from './age-bands.ts';
import { checkHoldOwner } from './holds.ts';
import { sellHeldRooms } from './inventory.ts';
import { queueBookingMail } from './notify.ts';
import { checkPan } from './pan.ts';
import { DEPOSIT_MESSAGES, depositAmountOf, depositPercentOf } from './deposits.ts';
import { payLaterCancelDay } from './pay-later.ts';
import { paymentMethodsFor, priceHold, type HeldLine } from './pricing.ts';
import { buyerTaxDetails } from './buyer-tax.ts';
import { newReference, recordEvent, toSummary } from './records.ts';
import { siteDay } from '../../../contract/calendar.ts';

export type CreateBookingInput = Omit<
  CreateBookingParams,
  'Token' | 'TempBookingId' | 'Travellers' | 'SpecialRequests' | 'LeadTraveller'
> & {
  TempBookingId: number;
  LeadTraveller: LeadTraveller;
  Travellers: Traveller[];
  SpecialRequests: string;
};

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Pay later: due in PAY_LATER_DAYS from `today` (the site's day), but three days before the first departure at the
 * latest (never before today).
 */
export function payLaterDueOn(today: string, firstTravelDate: string, days: number): string {
  const from = Date.parse(today);
  const due = Math.min(from + days * DAY, Date.parse(firstTravelDate) - 3 * DAY);
  return isoDay(new Date(Math.max(from, due)));
}

export type PayLaterOffer = { offered: true; dueOn: string; cancelOn: string } | { offered: false; reason: string };

/** The first day of travel of a hold's or booking's lines (undefined for no lines). */
export const firstTravelDate = (lines: readonly { travelDate: string }[]): string | undefined =>
  lines.map((l) => l.travelDate).sort()[0];

/**
 * payLaterOffer for lines booked at `now` on `site`: counted from the site's day (siteDay) to the
 * lines' first travel day. CreateBooking, the quote and the desk's new booking ask it the same way.
 */
export function payLaterOfferFor(
  site: Site,
  lines: readonly { travelDate: string }[],
  now: Date,
  config: Pick<Config, 'PAY_LATER_DAYS' | 'PAY_LATER_GRACE_DAYS'>,
  canPayNow = true,
): PayLaterOffer {
  return payLaterOffer(siteDay(now, site), firstTravelDate(lines)!, config, canPayNow);
}

/**
 * Whether pay later is offered for a trip whose first day is `firstTravelDate`, booked on `today`
 * (the site's calendar day: siteDay, as the pay-later job counts its days): the
 * due date (payLaterDueOn) must leave at least one day to pay (tomorrow or later), and an unpaid
 * booking's cancellation (the day after the due date plus PAY_LATER_GRACE_DAYS) must come before
 * the first travel day. With the defaults (7 days, 2 of grace) that is a trip 11 days away or more.
 * The quote's payment methods and CreateBooking both ask this; `reason` says why not and what to do.
 */
export function payLaterOffer(
  today: string,
  firstTravelDate: string,
  config: Pick<Config, 'PAY_LATER_DAYS' | 'PAY_LATER_GRACE_DAYS'>,
  canPayNow = true,
): PayLaterOffer {
  const terms = (travel: string) => {
    const dueOn = payLaterDueOn(today, travel, config.PAY_LATER_DAYS);
    const cancelOn = payLaterCancelDay(dueOn, config.PAY_LATER_GRACE_DAYS);
    return { dueOn, cancelOn, ok: Date.parse(dueOn) > Date.parse(today) && Date.parse(cancelOn) < Date.parse(travel) };
  };
  const here = terms(firstTravelDate);
  if (here.ok) return { offered: true, dueOn: here.dueOn, cancelOn: here.cancelOn };
  let earliest = Date.parse(firstTravelDate);
  while (!terms(isoDay(new Date(earliest))).ok) earliest += DAY;
  const grace = config.PAY_LATER_GRACE_DAYS;
  return {
    offered: false,
    reason:
      `Paying later is offered for trips starting on ${formatDay(isoDay(new Date(earliest)))} or later: the balance is due ${plural(config.PAY_LATER_DAYS, 'day', 'days')} after booking (at the latest 3 days before travel), ` +
      `and an unpaid booking is cancelled the day after${grace ? ` ${plural(grace, 'day', 'days')} of grace` : ' it'}, which must be before the trip. Your trip starts on ${formatDay(firstTravelDate)}: ${canPayNow ? 'pay now, or choose a later date' : 'choose a later date, or call us to book it'}.`,
  };
}

function ageOn(dob: string, now: Date): number | null {
  const birth = new Date(`${dob}T00:00:00Z`);
  if (Number.isNaN(birth.getTime()) || isoDay(birth) !== dob || birth > now) return null;
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The names asked for match the party held: the largest party across the hold's lines, the lead among its adults. */
function checkTravellers(lines: HeldLine[], lead: LeadTraveller, others: Traveller[], now: Date) {
  const age = ageOn(lead.DOB, now);
  if (age === null) throw invalid('LeadTraveller.DOB: enter the lead traveller’s real date of birth.');
  if (age < 18) throw invalid('The lead traveller must be 18 or older.');
  if (age > 120) throw invalid('LeadTraveller.DOB: enter the lead traveller’s real date of birth.');
  const need = {
    adult: Math.max(...lines.map((l) => l.adults)),
    child: Math.max(...lines.map((l) => l.children)),
    infant: Math.max(...lines.map((l) => l.infants)),
  };
  const have = { adult: 1, child: 0, infant: 0 };
  for (const t of others) have[t.AgeBand] += 1;
  if (have.adult !== need.adult || have.child !== need.child || have.infant !== need.infant) {
    const party = [
      plural(need.adult, 'adult', 'adults'),
      need.child ? plural(need.child, 'child', 'children') : '',
      need.infant ? plural(need.infant, 'infant', 'infants') : '',
    ]
      .filter(Boolean)
      .join(', ');
    throw invalid(
      `Give the name of every traveller in your party: ${party}, the lead traveller being one of the adults.`,
    );
  }
}

interface HoldRow extends Record<string, unknown> {
  id: number;
  owner: string;
  site: string;
  items: CartItem[];
  status: string;
  hold_expires_at: Date | string;
}

/** The hold to book, locked, or the refusal a traveller can act on. */
async function lockHold(tx: Db, id: number, owner: string, site: Site, now: Date): Promise<HoldRow> {
  const { rows } = await tx.execute<HoldRow>(
    sql`select id, owner, site, items, status, hold_expires_at from temp_bookings where id = ${id} for update`,
  );
  const hold = rows[0];
  // Someone else's hold reads as no hold at all: nothing about it is revealed.
  checkHoldOwner(hold, owner, site);
  if (hold.status === 'booked') throw conflict(BOOKING_MESSAGES.alreadyBooked);
  if (hold.status === 'released')
    throw conflict('A newer hold of your cart replaced this one. Go back to your cart and continue to booking again.');
  if (new Date(hold.hold_expires_at) <= now) throw conflict(BOOKING_MESSAGES.holdEnded);
  return hold;
}

/**
 * Turns a held temporary booking into a booking, in one transaction: the hold is consumed, its rooms
 * sold, the booking, its lines and travellers written, the cart lines removed and the first event
 * recorded. Everything is priced here, from the catalogue as it is now; a client's figures are never read.
 */
export async function createBooking(
  db: Db,
  config: Config,
  who: { userId: number; site: Site },
  input: CreateBookingInput,
  now = new Date(),
): Promise<BookingSummary & { DepositAmount?: number }> {
  const { userId, site } = who;
  const owner = `user:${userId}`;
  if (!paymentMethodsFor(config, site).includes(input.PaymentMethod)) {
    throw invalid(
      input.PaymentMethod === 'pay-later'
        ? 'Paying later is not offered on this site.'
        : `Paying with ${input.PaymentMethod === 'razorpay' ? 'Razorpay' : 'Stripe'} is not available on this site. Choose another way to pay.`,
    );
  }
  return db.transaction(async (tx) => {
    // One booking at a time per traveller: coupon rules (first booking, once per account) hold under races.
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const hold = await lockHold(tx, input.TempBookingId, owner, site, now);
    const held: HeldLine[] = hold.items.map((i) => ({
      packageId: i.packageId,
      travelDate: i.travelDate,
      adults: i.adults,
      children: i.children,
      infants: i.infants,
      rooms: i.rooms,
    }));
    if (held.length === 0) throw conflict(BOOKING_MESSAGES.holdNotFound);
    if (input.PaymentMethod === 'pay-later') {
      const offer = payLaterOfferFor(site, held, now, config, paymentMethodsFor(config, site).length > 1);
      if (!offer.offered) throw invalid(offer.reason);
    }
    // A deposit (docs/decisions/0108): through the site's gateway, only where pay later is offered for the dates.
    const depositWanted = input.Deposit === true;
    if (depositWanted) {
      if (input.PaymentMethod === 'pay-later') throw invalid(DEPOSIT_MESSAGES.byGateway);
      const offer = payLaterOfferFor(site, held, now, config);
      if (!offer.offered) throw invalid(DEPOSIT_MESSAGES.tooSoon(offer.reason));
    }
    checkTravellers(held, input.LeadTraveller, input.Travellers, now);
    await checkHeldAgeBands(tx, held, input.Travellers, now);
    // The place of supply (India) and a business buyer's tax number, checked before anything is priced.
    const buyer = await buyerTaxDetails(tx, config, site, input);
    // A way of paying counts only with a gateway (paying later is a bank transfer).
    const payWith = input.PaymentMethod === 'pay-later' ? null : (input.PayWith ?? null);
    const price = await priceHold(tx, {
      site,
      lines: held,
      couponCode: input.CouponCode,
      userId,
      tcsRate: config.TCS_RATE_PERCENT,
      now,
      pan: input.Pan,
      supply: buyer.supply,
      payWith,
    });
    buyer.checkAddress(price);
    if (input.CouponCode && price.couponError)
      throw conflict(`Coupon ${input.CouponCode}: ${price.couponError} Remove it or choose another.`);
    let pan: string | null = null;
    if (price.panRequired) {
      if (!input.Pan)
        throw invalid('Enter the lead traveller’s PAN: tax collected at source applies to overseas holidays.');
      const check = checkPan(input.Pan, `${input.LeadTraveller.FirstName} ${input.LeadTraveller.LastName}`);
      if (!check.ok) throw new DomainError('invalid', `${BOOKING_MESSAGES.panFailed}: ${check.reason}`);
      pan = input.Pan.trim().toUpperCase().replace(/\s+/g, '');
    }

    const payLater = input.PaymentMethod === 'pay-later';
    // The deposit is the server's figure: the packages' percent of the total priced here.
    const depositPercent = depositWanted
      ? await depositPercentOf(
          tx,
          held.map((l) => l.packageId),
        )
      : null;
    const depositAmount = depositPercent === null ? null : depositAmountOf(price.total, depositPercent);
    if (depositWanted && depositAmount === null) throw invalid(DEPOSIT_MESSAGES.notOffered);
    const firstDay = firstTravelDate(held)!;
    const [booking] = await tx
      .insert(bookings)
      .values({
        refIdKey: newReference(),
        userId,
        site,
        currency: price.currency,
        tempBookingId: hold.id,
        subtotal: price.subtotal,
        discount: price.discount,
        taxes: price.taxes,
        total: price.total,
        couponId: price.couponId,
        couponCode: price.coupon?.code ?? null,
        // A deposit booking is paid later but for its deposit, which the gateway takes first (docs/decisions/0108).
        paymentMethod: depositAmount !== null ? 'pay-later' : input.PaymentMethod,
        payWith,
        status: payLater ? 'confirmed' : 'awaiting-payment',
        paymentStatus: 'unpaid',
        paymentDueOn:
          payLater || depositAmount !== null
            ? payLaterDueOn(siteDay(now, site), firstDay, config.PAY_LATER_DAYS)
            : null,
        specialRequests: input.SpecialRequests,
        pan,
        placeOfSupplyState: buyer.placeOfSupply?.state ?? null,
        placeOfSupplyCode: buyer.placeOfSupply?.code ?? null,
        buyerAddress: buyer.address,
        buyerGstin: buyer.gstin,
        buyerTrn: buyer.trn,
        confirmedAt: payLater ? now : null,
        depositAmount,
        createdAt: now,
      })
      .returning();
    const b = booking!;
    await tx
      .insert(bookingLines)
      .values(price.lines.map(({ slug: _slug, ...l }, position) => ({ ...l, bookingId: b.id, position })));
    const lead = input.LeadTraveller;
    await tx.insert(bookingTravellers).values([
      {
        bookingId: b.id,
        position: 0,
        lead: true,
        title: lead.Title,
        firstName: lead.FirstName,
        lastName: lead.LastName,
        ageBand: 'adult' as const,
        email: lead.Email,
        phone: lead.Phone,
        dob: lead.DOB,
      },
      ...input.Travellers.map((t, i) => ({
        bookingId: b.id,
        position: i + 1,
        lead: false,
        firstName: t.FirstName,
        lastName: t.LastName,
        ageBand: t.AgeBand,
        dob: t.DOB ?? null,
      })),
    ]);
    await tx.execute(sql`update temp_bookings set status = 'booked' where id = ${hold.id}`);
    const cartIds = hold.items.map((i) => i.CartId);
    const clientIds = hold.items.flatMap((i) => (i.clientId ? [i.clientId] : []));
    await tx.execute(sql`
      delete from cart_items where owner = ${owner} and site = ${site}
        and (id in (${sql.join(
          cartIds.map((id) => sql`${id}`),
          sql`, `,
        )})
             ${
               clientIds.length
                 ? sql`or client_id in (${sql.join(
                     clientIds.map((id) => sql`${id}`),
                     sql`, `,
                   )})`
                 : sql``
             })`);
    await recordEvent(
      tx,
      b.id,
      b.status,
      b.paymentStatus,
      payLater
        ? 'booked to pay later'
        : `booked${depositAmount !== null ? ' with a deposit' : ''}: waiting for the ${input.PaymentMethod === 'razorpay' ? 'Razorpay' : 'Stripe'} payment`,
      now,
    );
    // No tax invoice yet: its number comes when the balance is received in full (a proforma meanwhile).
    // Pay later is confirmed now: its confirmation is queued with the booking (a gateway's comes with the payment).
    if (payLater) await queueBookingMail(tx, config, b.id, { booked: true });
    // The rooms are sold last: the departure's row stays locked until the commit, and a sale's other
    // bookings and holds of the same departure wait for it (each waiting with a database connection
    // of its process), so the lock is taken when only the sale and the commit are left (decision 0082).
    await sellHeldRooms(tx, hold.id, new Map(price.lines.map((l) => [l.packageId, l.title])), now);
    const travellers = 1 + input.Travellers.length;
    const summary = toSummary(b, {
      title: price.lines[0]!.title,
      lines: price.lines.length,
      firstTravelDate: firstDay,
      travellers,
    });
    // The deposit taken, the server's figure, for the page to show before the gateway opens (docs/decisions/0108).
    return depositAmount !== null ? { ...summary, DepositAmount: depositAmount } : summary;
  });
}
