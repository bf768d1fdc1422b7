import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AgeBand } from '../../../contract/booking.ts';
import type { DeskNewBooking, DeskPayment, DeskQuote } from '../../../contract/desk-new-booking.ts';
import { stateOfGstCode } from '../../../contract/tax.ts';
import { type Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookings, bookingTravellers, users } from '../../db/schema.ts';
import { DomainError, invalid } from '../../lib/errors.ts';
import { createBooking, payLaterOfferFor } from '../bookings/create-booking.ts';
import { buyerTaxDetails, sellerStateCode } from '../bookings/buyer-tax.ts';
import { paymentMethodsFor, priceHold, type HeldLine } from '../bookings/pricing.ts';
import { recordEvent } from '../bookings/records.ts';
import { addLine } from '../cart/add-line.ts';
import { createTempBooking } from '../cart/holds.ts';
import { greetingOf } from '../mail-layout.ts';
import { enqueueMail } from '../outbox.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { payLinkEnd, payLinkMail, payLinkToken, payLinkUrl } from './pay-link.ts';

/*
 * A booking made at the desk (docs/decisions/0095): the shop's own steps, in one transaction, for the
 * traveller's account (found by email or phone, or made for them as a sign-up would, without a
 * password: their sign-up later gives it one). A cart line of their own, the hold of its rooms
 * (createTempBooking: the same allotment checks and locks as a sale), then createBooking: the
 * same pricing, taxes, coupon rules, occupancy, age bands, PAN and pay-later rules, the line gone
 * from their cart as after a checkout. A quote runs the same steps up to the price and is rolled
 * back: it holds nothing and writes nothing.
 */

export interface DeskTravellerInput {
  firstName: string;
  lastName: string;
  ageBand: AgeBand;
  dob?: string;
}

export interface NewBookingInput {
  site: Site;
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
  lead: {
    title: 'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Dr';
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dob: string;
    state?: string;
    address?: string[];
  };
  /**
   * Everyone but the lead; adults left out are named "Adult 2"… (staff correct names later), children and infants must
   * be given.
   */
  travellers?: DeskTravellerInput[];
  payment: DeskPayment;
  coupon?: string;
  pan?: string;
  gstin?: string;
  trn?: string;
  specialRequests?: string;
}

/** Thrown to roll a quote's transaction back, carrying the quote out. */
class QuoteDone extends Error {
  constructor(readonly quote: DeskQuote) {
    super('quote');
  }
}

/** The shop's field names in its refusals, as this call names them (LeadTraveller.State → lead.state). */
function asDeskField(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  // The shop asks the buyer; the desk asks staff, and names the call's own field (decision 0043's rule).
  if (err.message.startsWith('LeadTraveller.Address:'))
    return new DomainError(err.kind, ADDRESS_NEEDED, err.data, err.retryAfter);
  const message = err.message
    .replace(
      /LeadTraveller\.(\w+)/g,
      (_m, f: string) => `lead.${f === 'DOB' ? 'dob' : f.charAt(0).toLowerCase() + f.slice(1)}`,
    )
    .replace(/^Coupon /, 'coupon: Coupon ');
  return message === err.message ? err : new DomainError(err.kind, message, err.data, err.retryAfter);
}

/** An India booking from ₹50,000 without a GSTIN: its GST invoice must carry the lead traveller's address. */
export const ADDRESS_NEEDED =
  'lead.address: an India booking of ₹50,000 or more needs the lead traveller’s address (its GST invoice must carry it). Give lead.address (the address lines), or the business’s gstin.';

/** The other travellers: as given, or (adults only) named for the lead's party until staff correct them. */
function othersOf(input: NewBookingInput) {
  if (input.travellers?.length) {
    return input.travellers.map((t) => ({
      FirstName: t.firstName,
      LastName: t.lastName,
      AgeBand: t.ageBand,
      ...(t.dob ? { DOB: t.dob } : {}),
    }));
  }
  if (input.children > 0 || input.infants > 0) {
    throw invalid(
      'travellers: give the name and date of birth of each child and infant (their fare and age band depend on it), and of the other adults.',
    );
  }
  return Array.from({ length: input.adults - 1 }, (_, i) => ({
    FirstName: `Adult ${i + 2}`,
    LastName: input.lead.lastName,
    AgeBand: 'adult' as const,
  }));
}

/**
 * The lead as the shop's checkout sends it; India without a state: the seller's own (GST's rule when the buyer's
 * address is not known).
 */
function leadOf(config: Config, input: NewBookingInput) {
  const l = input.lead;
  const state = input.site === 'IN' ? l.state?.trim() || stateOfGstCode(sellerStateCode(config))?.state : l.state;
  return {
    Title: l.title,
    FirstName: l.firstName,
    LastName: l.lastName,
    Email: l.email,
    Phone: l.phone,
    DOB: l.dob,
    ...(state ? { State: state } : {}),
    ...(l.address ? { Address: l.address } : {}),
  };
}

type Account = { id: number; email: string | null; phone: string | null; name: string; created: boolean };

/** The traveller's account by email, else by phone; made (no password) when neither is known. */
async function accountFor(tx: Db, lead: NewBookingInput['lead']): Promise<Account> {
  const pick = {
    id: users.id,
    email: users.email,
    phone: users.phone,
    name: users.name,
    firstName: users.firstName,
    lastName: users.lastName,
  };
  const named = (u: { name: string; firstName: string | null; lastName: string | null }) =>
    [u.firstName, u.lastName].filter(Boolean).join(' ') || u.name;
  const [byEmail] = await tx.select(pick).from(users).where(eq(users.email, lead.email)).limit(1);
  if (byEmail) return { ...byEmail, name: named(byEmail), created: false };
  const [byPhone] = await tx.select(pick).from(users).where(eq(users.phone, lead.phone)).limit(1);
  if (byPhone) return { ...byPhone, name: named(byPhone), created: false };
  const name = `${lead.firstName} ${lead.lastName}`;
  const [made] = await tx
    .insert(users)
    .values({
      email: lead.email,
      phone: lead.phone,
      name,
      title: lead.title,
      firstName: lead.firstName,
      lastName: lead.lastName,
      dob: lead.dob,
    })
    .returning({ id: users.id });
  return { id: made!.id, email: lead.email, phone: lead.phone, name, created: true };
}

/** Only the traveller's account, if there is one (a quote before the booking says whom it finds). */
export async function findTraveller(db: Db, q: { email?: string; phone?: string }) {
  const pick = {
    email: users.email,
    phone: users.phone,
    name: users.name,
    firstName: users.firstName,
    lastName: users.lastName,
    title: users.title,
    dob: users.dob,
  };
  const [u] = q.email
    ? await db.select(pick).from(users).where(eq(users.email, q.email)).limit(1)
    : q.phone
      ? await db.select(pick).from(users).where(eq(users.phone, q.phone)).limit(1)
      : [];
  if (!u) return null;
  return {
    email: u.email,
    phone: u.phone,
    title: u.title,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.name,
    dob: u.dob,
  };
}

/** The traveller's line and its hold, as the shop's cart and CreateTempBooking make them. */
async function holdFor(tx: Db, config: Config, userId: number, input: NewBookingInput, now: Date) {
  const owner = `user:${userId}` as const;
  const line = await addLine(
    tx,
    owner,
    input.site,
    {
      packageId: input.packageId,
      travelDate: input.travelDate,
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      rooms: input.rooms,
      options: {},
      clientId: `desk-${randomUUID()}`,
    },
    now,
    { scope: tx },
  );
  return createTempBooking(tx, owner, input.site, config.TEMP_BOOKING_HOLD_MINUTES, [line.CartId], now);
}

function checkPayment(config: Config, site: Site, payment: DeskPayment) {
  const methods = paymentMethodsFor(config, site);
  if (!methods.includes('pay-later')) throw invalid('payment: paying later is not offered on this site.');
  if (payment === 'link' && methods.length < 2) {
    throw invalid(
      `payment: paying online is not set up on the ${site === 'IN' ? 'India' : 'UAE'} site, so a payment link cannot be sent. Book to pay later (bank transfer), or record the payment once received.`,
    );
  }
}

/** The price, before confirming: the same steps as the booking, rolled back. */
export async function quoteDeskBooking(
  db: Db,
  config: Config,
  input: NewBookingInput,
  now = new Date(),
): Promise<DeskQuote> {
  try {
    await db.transaction(async (tx) => {
      const account = await accountFor(tx, input.lead);
      const hold = await holdFor(tx, config, account.id, input, now);
      const held: HeldLine[] = hold.items.map((i) => ({
        packageId: i.packageId,
        travelDate: i.travelDate,
        adults: i.adults,
        children: i.children,
        infants: i.infants,
        rooms: i.rooms,
      }));
      const buyer = await buyerTaxDetails(tx, config, input.site, {
        LeadTraveller: leadOf(config, input),
        Gstin: input.gstin,
        Trn: input.trn,
      });
      const price = await priceHold(tx, {
        site: input.site,
        lines: held,
        couponCode: input.coupon,
        userId: account.id,
        tcsRate: config.TCS_RATE_PERCENT,
        now,
        pan: input.pan,
        supply: buyer.supply,
        payWith: null,
      });
      const offer = payLaterOfferFor(input.site, [input], now, config, false);
      const addressRequired = buyer.addressMissing(price);
      throw new QuoteDone({
        site: input.site,
        currency: price.currency,
        title: price.lines[0]!.title,
        travelDate: input.travelDate,
        subtotal: price.subtotal,
        discount: price.discount,
        taxes: price.taxes,
        total: price.total,
        coupon: price.coupon ? { code: price.coupon.code, title: price.coupon.title } : null,
        couponError: input.coupon ? price.couponError : null,
        panRequired: price.panRequired,
        addressRequired,
        payLater: offer,
        traveller: account.created ? null : { email: account.email, phone: account.phone, name: account.name },
      });
    });
  } catch (err) {
    if (err instanceof QuoteDone) return err.quote;
    throw asDeskField(err);
  }
  throw new Error('quoteDeskBooking: the quote was not worked out');
}

/**
 * Makes the booking (in the caller's transaction when there is one: the Idempotency-Key's), audited
 * as `bookings.create` with the staff member; for a link, its mail with the link is queued too.
 */
export async function createDeskBooking(
  db: Db,
  config: Config,
  actor: Actor & { email?: string },
  input: NewBookingInput,
  now = new Date(),
): Promise<DeskNewBooking> {
  checkPayment(config, input.site, input.payment);
  try {
    return await staffAction(db, actor, now, async ({ tx, audit }) => {
      const account = await accountFor(tx, input.lead);
      const hold = await holdFor(tx, config, account.id, input, now);
      const summary = await createBooking(
        tx,
        config,
        { userId: account.id, site: input.site },
        {
          TempBookingId: hold.TempBookingId,
          // A link pays a pay-later booking's balance: its rooms are kept to the due date, not an hour (decision 0095).
          PaymentMethod: 'pay-later',
          LeadTraveller: leadOf(config, input),
          Travellers: othersOf(input),
          SpecialRequests: input.specialRequests ?? '',
          ...(input.pan ? { Pan: input.pan } : {}),
          ...(input.gstin ? { Gstin: input.gstin } : {}),
          ...(input.trn ? { Trn: input.trn } : {}),
          ...(input.coupon ? { CouponCode: input.coupon } : {}),
        },
        now,
      );
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, summary.BookingId));
      const booking = b!;
      await recordEvent(
        tx,
        booking.id,
        booking.status,
        booking.paymentStatus,
        `made at the desk${actor.email ? ` by ${actor.email}` : ''}${input.payment === 'link' ? ': payment link sent' : ''}`,
        now,
      );
      let link: { paymentUrl: string; linkExpiresAt: string } | null = null;
      if (input.payment === 'link') {
        const endsAt = payLinkEnd(now, booking.paymentDueOn, input.site);
        const url = payLinkUrl(config, input.site, payLinkToken(config, booking.id, endsAt));
        const [lead] = await tx
          .select()
          .from(bookingTravellers)
          .where(eq(bookingTravellers.bookingId, booking.id))
          .orderBy(bookingTravellers.position)
          .limit(1);
        const message = payLinkMail(
          config,
          booking,
          { email: input.lead.email, greeting: greetingOf(lead) },
          { title: summary.title, url, endsAt },
        );
        await enqueueMail(tx, {
          kind: 'pay-link',
          dedupeKey: `pay-link:${booking.id}:${endsAt.getTime()}`,
          bookingId: booking.id,
          message,
        });
        link = { paymentUrl: url, linkExpiresAt: endsAt.toISOString() };
      }
      await audit({
        action: 'bookings.create',
        recordType: 'booking',
        recordId: booking.refIdKey,
        after: {
          site: input.site,
          packageId: input.packageId,
          travelDate: input.travelDate,
          party: { adults: input.adults, children: input.children, infants: input.infants, rooms: input.rooms },
          payment: input.payment,
          total: booking.total,
          currency: booking.currency,
          traveller: input.lead.email,
          accountCreated: account.created,
          ...(link ? { linkExpiresAt: link.linkExpiresAt } : {}),
        },
      });
      return {
        BookingId: booking.id,
        RefIdKey: booking.refIdKey,
        site: input.site,
        Status: booking.status,
        PaymentStatus: booking.paymentStatus,
        Currency: booking.currency,
        Total: booking.total,
        paymentDueOn: booking.paymentDueOn,
        traveller: { email: account.email, created: account.created },
        ...(link ?? {}),
      };
    });
  } catch (err) {
    throw asDeskField(err);
  }
}
