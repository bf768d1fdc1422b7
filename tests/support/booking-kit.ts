import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Config } from '../../server/config.ts';
import { eq } from 'drizzle-orm';
import { bookings, payments } from '../../server/db/schema.ts';
import { amountDue, receive } from '../../server/services/ledger/ledger.ts';
import { addDays, siteDay } from '../../contract/calendar.ts';
import type { Answer, ShopData } from './answers.ts';
import { startGateways, type Gateways } from './gateways.ts';
import { call, createAccountKit, signUp, type AccountKit } from './account-kit.ts';

/*
 * The real app on in-memory PGlite, with mail to a local SMTP server and the payment providers'
 * stand-ins, plus the steps a traveller takes before booking: sign up, fill the cart, hold it.
 */

export interface BookingKit extends AccountKit {
  gateways: Gateways;
}

export async function createBookingKit(
  config: Partial<Config> = {},
  opts: { gateways?: boolean } = {},
): Promise<BookingKit> {
  const gateways = await startGateways();
  const env = opts.gateways === false ? {} : gateways.env();
  const kit = await createAccountKit({ ...(env as Partial<Config>), PUBLIC_URL: 'http://localhost:8080', ...config });
  return {
    ...kit,
    gateways,
    close: async () => {
      await kit.close();
      await gateways.close();
    },
  };
}

export type Site = 'UAE' | 'IN';

let travellers = 0;
/** A new signed-in traveller. */
export async function traveller(kit: BookingKit, name = 'asha') {
  const email = `${name}.${++travellers}.${Date.now()}@example.com`;
  const { token, userId } = await signUp(kit, email);
  return { token, userId, email };
}

/**
 * The day `n` days from the site's today (the server decides pay later, due dates and what is past
 * by the site's calendar day: from 20:00 UTC the UAE is already on tomorrow, India from 18:30).
 */
export function inDays(n: number, site: Site = 'UAE') {
  return addDays(siteDay(new Date(), site), n);
}

interface PackageRow extends Record<string, unknown> {
  id: number;
  title: string;
  rooms: number | null;
  country_id: number;
}

/** A package of the seed that fits: by trip type, room allotment and whether it is in India. */
export async function findPackage(
  kit: BookingKit,
  where: { rooms?: number | 'unlimited'; inIndia?: boolean },
): Promise<PackageRow> {
  const { rows } = await kit.database.db.execute<PackageRow>(sql`
    select p.id, p.title, p.rooms_per_departure as rooms, c.country_id from packages p join cities c on c.id = p.city_id order by p.id`);
  const found = rows.find(
    (r) =>
      (where.rooms === undefined || (where.rooms === 'unlimited' ? r.rooms === null : r.rooms === where.rooms)) &&
      (where.inIndia === undefined || (r.country_id === 101) === where.inIndia),
  );
  if (!found) throw new Error(`no package with ${JSON.stringify(where)}`);
  return found;
}

export interface Line {
  packageId: number;
  travelDate?: string;
  adults?: number;
  children?: number;
  infants?: number;
  rooms?: number;
}

/** The last day offset given to each test file: files share a process (decision 0103), each counts from 30 as alone. */
const dayOffsets = new Map<string, number>();
/** A travel date no other hold of the test file uses (each departure's rooms are the test's own). */
export const freshDate = () => {
  const file = expect.getState().testPath ?? '';
  const offset = (dayOffsets.get(file) ?? 30) + 1;
  dayOffsets.set(file, offset);
  return inDays(offset);
};

/** Empties a traveller's cart on a site, then puts these lines in it and holds them; returns the hold's answer. */
export async function hold(kit: BookingKit, token: string, site: Site, lines: Line[]) {
  const cart = await call(kit.app, 'POST', 'GetCart', {}, { token, headers: { country: site } });
  for (const group of cart.body.data) {
    for (const line of group.data)
      await call(kit.app, 'POST', 'RemoveCart', { CartId: line.CartId }, { token, headers: { country: site } });
  }
  for (const l of lines) {
    const added = await call(
      kit.app,
      'POST',
      'CreateCart',
      { travelDate: freshDate(), adults: 2, children: 0, infants: 0, rooms: 1, ...l },
      { token, headers: { country: site } },
    );
    if (added.status !== 200) throw new Error(`CreateCart: ${added.body.message}`);
  }
  return call(kit.app, 'POST', 'CreateTempBooking', {}, { token, headers: { country: site } });
}

/** Holds and returns the TempBookingId, failing loudly. */
export async function holdId(kit: BookingKit, token: string, site: Site, lines: Line[]): Promise<number> {
  const held = await hold(kit, token, site, lines);
  if (held.status !== 200) throw new Error(`CreateTempBooking: ${held.body.message}`);
  return held.body.data.TempBookingId;
}

export const lead = (over: Record<string, unknown> = {}) => ({
  Title: 'Ms',
  FirstName: 'Asha',
  LastName: 'Rao',
  Email: 'asha.rao@example.com',
  Phone: '+971501234567',
  DOB: '1990-04-12',
  // India asks the state (the place of supply); the UAE site does not read it.
  State: 'Maharashtra',
  // An invoice from ₹50,000 to a buyer without a GSTIN carries the address.
  Address: ['12 Hill Road, Bandra West', 'Mumbai 400050'],
  ...over,
});

/** CreateBooking as the app sends it: JSON body, bearer token, Country header, optional Idempotency-Key. */
export async function book(kit: BookingKit, token: string, site: Site, body: Record<string, unknown>, key?: string) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/CreateBooking',
    headers: { authorization: `Bearer ${token}`, country: site, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      PaymentMethod: 'pay-later',
      LeadTraveller: lead(),
      Travellers: [{ FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' }],
      ...body,
    },
  });
  return {
    status: res.statusCode,
    body: res.json() as Answer<ShopData<'CreateBooking'>>,
    headers: res.headers,
  };
}

/** A JSON POST with a bearer token and a site; its answer is typed by the contract's declaration of the path. */
export async function post<const Path extends string>(
  kit: BookingKit,
  path: Path,
  payload: object,
  token?: string,
  site: Site = 'UAE',
) {
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/Common/${path}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), country: site },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Answer<ShopData<Path>> };
}

export async function count(kit: BookingKit, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await kit.database.db.execute<{ n: number }>(query);
  return Number(rows[0]?.n ?? 0);
}

export { call, sql };

/**
 * The balance of a booking received in full, as the shop records it: a bank transfer (its payment
 * row) written to the money ledger, which pays the booking, numbers its tax invoice and writes its
 * history in one transaction (server/services/ledger).
 */
export async function markPaidInFull(kit: BookingKit, bookingId: number, now = new Date()) {
  await kit.database.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const due = await amountDue(tx, kit.app.config, b!, siteDay(now, b!.site as Site));
    const [p] = await tx
      .insert(payments)
      .values({
        bookingId,
        provider: 'manual',
        providerRef: `TEST-BT-${bookingId}-${now.getTime()}`,
        method: 'bank-transfer',
        receivedOn: siteDay(now, b!.site as Site),
        amount: due.total,
        currency: b!.currency,
        status: 'paid',
        paidAt: now,
      })
      .returning();
    await receive(tx, kit.app.config, b!, {
      amount: due.total,
      kind: 'bank-transfer',
      at: now,
      accept: true,
      paymentId: p!.id,
      provider: 'manual',
      providerRef: p!.providerRef,
      cause: 'balance received by bank transfer',
    });
  });
}

/**
 * A booking of one package for the lead and one more adult, as the payment tests make them: on
 * India with an Indian lead (Razorpay unless told), on the UAE with the default lead (Stripe unless
 * told). The answer, with its next step.
 */
export async function siteBooking(
  kit: BookingKit,
  who: { token: string; email: string },
  site: Site,
  packageId: number,
  PaymentMethod: string,
) {
  const id = await holdId(kit, who.token, site, [{ packageId }]);
  const LeadTraveller =
    site === 'IN'
      ? lead({ FirstName: 'Priya', LastName: 'Shah', Email: who.email, Phone: '+919812345678' })
      : lead({ Email: who.email });
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod,
    LeadTraveller,
    Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }],
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A booking's next step of one type (a discriminated union in the contract), failing when it is another. */
export function nextStep<N extends { type: string }, T extends N['type']>(next: N, type: T): Extract<N, { type: T }> {
  if (next.type !== type) throw new Error(`the next step is ${next.type}, not ${type}`);
  return next as Extract<N, { type: T }>;
}
/** The Stripe Checkout step: its session and the hosted page's address. */
export const stripeStep = <N extends { type: string }>(next: N) => nextStep(next, 'stripe');
/** Razorpay's checkout step: its order, amount and timeout. */
export const razorpayStep = <N extends { type: string }>(next: N) => nextStep(next, 'razorpay');
/** Pay later's step: the due date and where to pay. */
export const payLaterStep = <N extends { type: string }>(next: N) => nextStep(next, 'pay-later');

/**
 * The traveller pays a booking's Stripe Checkout step on the stand-in's hosted page, and the shop verifies it
 * (VerifyStripePaymentAsync, as the return page calls it): the verification must be answered 200.
 */
export async function paidByStripe(
  kit: BookingKit,
  token: string | undefined,
  booking: Pick<ShopData<'CreateBooking'>, 'BookingId' | 'Next'>,
  site: Site = 'UAE',
) {
  const { sessionId } = stripeStep(booking.Next);
  kit.gateways.paySession(sessionId);
  const verified = await post(
    kit,
    'VerifyStripePaymentAsync',
    { BookingId: booking.BookingId, sessionId },
    token,
    site,
  );
  expect(verified.status, verified.body.message).toBe(200);
  return verified;
}
