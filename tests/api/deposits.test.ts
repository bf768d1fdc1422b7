import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../contract/calendar.ts';
import { formatMinor } from '../../contract/format.ts';
import { cancelUnpaidBookings } from '../../server/services/bookings/expiry.ts';
import { runPayLater } from '../../server/services/bookings/pay-later.ts';
import { mailText } from '../support/mail-catcher.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  holdId,
  inDays,
  lead,
  post,
  sql,
  traveller,
  type BookingKit,
  type Site,
  razorpayStep,
  stripeStep,
  paidByStripe,
} from '../support/booking-kit.ts';
import { staffer, type AdminAnswer, type Staffer } from '../support/staff-kit.ts';
import { type DeskData } from '../support/answers.ts';

/*
 * Deposits (docs/decisions/0108): a package's deposit percent, offered at checkout where pay later
 * is, paid through each site's gateway stand-in with its real signature checks; an advance with its
 * receipt voucher, then the balance from My trips completing the sale with the tax invoice; pay
 * later's reminders for the balance; the grace rule for a booking holding money; refusals.
 */

let kit: BookingKit;
let uae: number;
let india: number;
let plain: number;
let cat: Staffer;
let agent: Staffer;
const quiet = { info: () => undefined, warn: () => undefined };
const party = { Travellers: [{ FirstName: 'Dev', LastName: 'Shah', AgeBand: 'adult' }] };
const indianLead = (email: string) =>
  lead({ FirstName: 'Priya', LastName: 'Shah', Email: email, Phone: '+919812345678' });

beforeAll(async () => {
  kit = await createBookingKit();
  uae = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  india = (await findPackage(kit, { rooms: 10, inIndia: true })).id;
  const { rows } = await kit.database.db.execute<{ id: number }>(
    sql`select id from packages where id not in (${uae}, ${india}) and published and rooms_per_departure >= 10 order by id limit 1`,
  );
  plain = rows[0]!.id;
  cat = await staffer(kit, 'catalogue');
  agent = await staffer(kit, 'agent');
  // The packages' settings as staff make them (the first test checks the call itself).
  for (const [id, percent] of [
    [uae, 25],
    [india, 30],
  ] as const)
    expect((await adminCall(cat, 'PATCH', `packages/${id}`, { depositPercent: percent })).status).toBe(200);
});
afterAll(() => kit.close());

async function adminCall<const M extends 'GET' | 'PATCH', const Path extends string>(
  who: Staffer | null,
  method: M,
  path: Path,
  body?: object,
) {
  const res = await kit.app.inject({
    method,
    url: `/api/admin/${path}`,
    ...(body ? { payload: body } : {}),
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(who && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<M, Path>> };
}

/** The payment job runs a minute after every booking's payment window has closed. */
const windowPasses = () =>
  cancelUnpaidBookings(
    kit.database.db,
    kit.app.config.PAYMENT_WINDOW_MINUTES,
    new Date(Date.now() + (kit.app.config.PAYMENT_WINDOW_MINUTES + 1) * 60_000),
  );

/** A travel date far enough ahead for pay later, in the site's days. */
let offset = 40;
const farDate = (site: Site) => inDays(++offset, site);

const detail = async (token: string, ref: string) =>
  (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: ref }, { token })).body.data;
const row = async (id: number) =>
  (
    await kit.database.db.execute<{
      status: string;
      payment_status: string;
      deposit_amount: number | null;
      invoice_number: string | null;
      total: number;
      amount_paid: number;
      payment_due_on: string;
    }>(
      sql`select status, payment_status, deposit_amount, invoice_number, total, amount_paid, to_char(payment_due_on, 'YYYY-MM-DD') as payment_due_on from bookings where id = ${id}`,
    )
  ).rows[0]!;

async function quoteAndBook(
  site: Site,
  packageId: number,
  who: { token: string; email: string },
  travelDate = farDate(site),
  extra: Record<string, unknown> = {},
) {
  const id = await holdId(kit, who.token, site, [{ packageId, travelDate }]);
  const quote = await post(kit, 'GetBookingQuote', { TempBookingId: id }, who.token, site);
  expect(quote.status, quote.body.message).toBe(200);
  const res = await book(kit, who.token, site, {
    TempBookingId: id,
    PaymentMethod: site === 'IN' ? 'razorpay' : 'stripe',
    Deposit: true,
    LeadTraveller: site === 'IN' ? indianLead(who.email) : lead({ Email: who.email }),
    ...party,
    ...extra,
  });
  return { quote: quote.body.data, res, holdId: id };
}

describe('the package setting', () => {
  it('catalogue staff set and clear a package’s deposit percent (1 to 99, audited); an agent is refused and no session is asked to sign in', async () => {
    const set = await adminCall(cat, 'PATCH', `packages/${uae}`, { depositPercent: 25 });
    expect(set.status, set.body.message).toBe(200);
    expect(set.body.data.depositPercent).toBe(25);
    expect((await adminCall(cat, 'GET', `packages/${uae}`)).body.data.depositPercent).toBe(25);
    const audit = (
      await kit.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where record_type = 'package' and record_id = ${String(uae)} and action = 'package.update'`,
      )
    ).rows[0]!;
    expect(audit.n).toBeGreaterThan(0);

    const tooMuch = await adminCall(cat, 'PATCH', `packages/${uae}`, { depositPercent: 100 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('depositPercent: at most 99.');
    expect((await adminCall(agent, 'PATCH', `packages/${uae}`, { depositPercent: 50 })).status).toBe(403);
    expect((await adminCall(null, 'PATCH', `packages/${uae}`, { depositPercent: 50 })).status).toBe(401);
    expect((await adminCall(cat, 'GET', `packages/${uae}`)).body.data.depositPercent).toBe(25);

    expect((await adminCall(cat, 'PATCH', `packages/${india}`, { depositPercent: 30 })).status).toBe(200);
    expect(
      (await adminCall(cat, 'PATCH', `packages/${plain}`, { depositPercent: null })).body.data.depositPercent,
    ).toBeNull();
  });
});

describe('eligibility and amount', () => {
  it('the quote offers the deposit the server works out (the percent of the total, the balance and the pay-later due date)', async () => {
    const who = await traveller(kit, 'dana');
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: uae, travelDate: farDate('UAE') }]);
    const quote = (await post(kit, 'GetBookingQuote', { TempBookingId: id }, who.token)).body.data;
    const amount = Math.round((quote.total * 25) / 100);
    expect(quote.deposit).toEqual({ percent: 25, amount, balance: quote.total - amount, dueOn: inDays(7, 'UAE') });
  });

  it('offers none for a package without a deposit, nor for a trip too close for pay later; booking one anyway is refused in words', async () => {
    const who = await traveller(kit, 'omar');
    const none = await quoteAndBook('UAE', plain, who);
    expect(none.quote.deposit).toBeNull();
    expect(none.res.status).toBe(400);
    expect(none.res.body.message).toBe(
      'A deposit is not offered for this holiday: pay the total now, or choose to pay later.',
    );

    const soon = await quoteAndBook('UAE', uae, who, inDays(3, 'UAE'));
    expect(soon.quote.deposit).toBeNull();
    expect(soon.res.status).toBe(400);
    expect(soon.res.body.message).toMatch(
      /^A deposit is not offered for these dates\. Paying later is offered for trips starting on /,
    );

    const later = await quoteAndBook('UAE', uae, who, farDate('UAE'), { PaymentMethod: 'pay-later' });
    expect(later.res.status).toBe(400);
    expect(later.res.body.message).toBe(
      'A deposit is paid now by card or UPI: choose the online payment to pay a deposit.',
    );
    // Nothing was booked by the refusals.
    expect(
      (
        await kit.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from bookings b join users u on u.id = b.user_id where u.id = ${who.userId}`,
        )
      ).rows[0]!.n,
    ).toBe(0);
  });

  it('the amount is the server’s: a client’s figures are dropped', async () => {
    const who = await traveller(kit, 'ines');
    const b = await quoteAndBook('UAE', uae, who, farDate('UAE'), { DepositAmount: 1, Total: 1 });
    expect(b.res.status, b.res.body.message).toBe(200);
    const r = await row(b.res.body.data.BookingId);
    expect(r.deposit_amount).toBe(Math.round((r.total * 25) / 100));
  });
});

describe('paid through the stand-ins', () => {
  it('UAE (Stripe): the deposit is taken first, confirms the booking with a receipt voucher; the balance from My trips completes the sale with the tax invoice', async () => {
    const who = await traveller(kit, 'karim');
    const { res, quote } = await quoteAndBook('UAE', uae, who);
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data;
    expect(b).toMatchObject({ Status: 'awaiting-payment', PaymentStatus: 'unpaid' });
    expect(b.Next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(stripeStep(b.Next).sessionId)!;
    expect(session.amount_total).toBe(quote.deposit!.amount);

    // The webhook's signature is checked as for a full payment: a forged one changes nothing.
    const event = kit.gateways.stripeEvent(kit.gateways.paySession(stripeStep(b.Next).sessionId));
    const forged = await kit.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(forged.statusCode).toBe(400);
    expect((await row(b.BookingId)).payment_status).toBe('unpaid');

    const paid = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: stripeStep(b.Next).sessionId },
      who.token,
    );
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'partly-paid' });
    let d = await detail(who.token, b.RefIdKey);
    expect(d).toMatchObject({
      amountPaid: quote.deposit!.amount,
      amountDue: quote.total - quote.deposit!.amount,
      paymentDueOn: quote.deposit!.dueOn,
      depositAmount: quote.deposit!.amount,
      payOnline: true,
    });
    const docs = await call(kit.app, 'GET', 'GetMoneyDocuments', { BookingId: b.BookingId }, { token: who.token });
    expect(docs.status, docs.body.message).toBe(200);
    expect(docs.body.data).toHaveLength(1);
    expect(docs.body.data[0]).toMatchObject({ kind: 'receipt', total: quote.deposit!.amount });
    expect(docs.body.data[0]!.number).toMatch(/^WLH-AE-RV-\d{6}$/);
    expect((await row(b.BookingId)).invoice_number).toBeNull();

    // The balance from My trips: the site's gateway for the rest.
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token);
    expect(start.status, start.body.message).toBe(200);
    const balance = kit.gateways.sessions.get(stripeStep(start.body.data.Next).sessionId)!;
    expect(balance.amount_total).toBe(quote.total - quote.deposit!.amount);
    kit.gateways.paySession(balance.id);
    const done = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: balance.id },
      who.token,
    );
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    d = await detail(who.token, b.RefIdKey);
    expect(d).toMatchObject({ amountPaid: quote.total, amountDue: 0 });
    expect((await row(b.BookingId)).invoice_number).toMatch(/^WLH-AE-/);
    const kinds = (
      await kit.database.db.execute<{ document_kind: string }>(
        sql`select document_kind from ledger_entries where booking_id = ${b.BookingId} order by id`,
      )
    ).rows.map((r) => r.document_kind);
    expect(kinds).toEqual(['receipt', 'invoice']);
  });

  it('India (Razorpay): the order is for the deposit, a forged signature is refused, the verified one is an advance with its tax split', async () => {
    const who = await traveller(kit, 'priya');
    const { res, quote } = await quoteAndBook('IN', india, who);
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data;
    expect(b.Next).toMatchObject({ type: 'razorpay', amount: quote.deposit!.amount, currency: 'INR' });
    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const forged = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      {
        BookingId: b.BookingId,
        ...proof,
        razorpay_signature: proof.razorpay_signature.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')),
      },
      who.token,
      'IN',
    );
    expect(forged.status).toBe(400);
    expect((await row(b.BookingId)).payment_status).toBe('unpaid');

    // Only the booking's own traveller can verify it.
    const other = await traveller(kit, 'karan');
    const theirs = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      other.token,
      'IN',
    );
    expect(theirs.status).toBe(404);
    expect(
      (await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, undefined, 'IN')).status,
    ).toBe(401);

    const paid = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, who.token, 'IN');
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'partly-paid' });
    const replay = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      who.token,
      'IN',
    );
    expect(replay.status).toBe(409);
    const entries = (
      await kit.database.db.execute<{
        document_kind: string;
        amount: number;
        taxable: number;
        cgst: number;
        sgst: number;
        igst: number;
        tcs: number;
      }>(
        sql`select document_kind, amount, taxable, cgst, sgst, igst, tcs from ledger_entries where booking_id = ${b.BookingId}`,
      )
    ).rows;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.document_kind).toBe('receipt');
    expect(entries[0]!.amount).toBe(quote.deposit!.amount);
    // The advance carries its GST.
    expect(entries[0]!.cgst + entries[0]!.sgst + entries[0]!.igst).toBeGreaterThan(0);
    expect((await detail(who.token, b.RefIdKey)).amountDue).toBe(quote.total - quote.deposit!.amount);
  });

  it('a replayed CreateBooking (same Idempotency-Key) gives the same booking and the same deposit session', async () => {
    const who = await traveller(kit, 'lina');
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: uae, travelDate: farDate('UAE') }]);
    const body = {
      TempBookingId: id,
      PaymentMethod: 'stripe',
      Deposit: true,
      LeadTraveller: lead({ Email: who.email }),
      ...party,
    };
    const first = await book(kit, who.token, 'UAE', body, 'deposit-key-1');
    const again = await book(kit, who.token, 'UAE', body, 'deposit-key-1');
    expect(first.status, first.body.message).toBe(200);
    expect(again.body.data.BookingId).toBe(first.body.data.BookingId);
    expect(stripeStep(again.body.data.Next).sessionId).toBe(stripeStep(first.body.data.Next).sessionId);
  });

  it('a traveller cannot start a payment of another’s deposit booking', async () => {
    const who = await traveller(kit, 'noor');
    const { res } = await quoteAndBook('UAE', uae, who);
    const other = await traveller(kit, 'zed');
    const start = await post(kit, 'StartBookingPayment', { BookingId: res.body.data.BookingId }, other.token);
    expect(start.status).toBe(404);
    expect((await post(kit, 'StartBookingPayment', { BookingId: res.body.data.BookingId }, undefined)).status).toBe(
      401,
    );
  });
});

describe('the deposit recorded at the desk', () => {
  const payAtDesk = async (accounts: Staffer, site: Site, ref: string, amount: number) =>
    kit.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${ref}/payments`,
      payload: { amount, method: 'bank-transfer', reference: `TRF-${ref}-${amount}`, receivedOn: inDays(0, site) },
      headers: { cookie: accounts.cookie, 'x-csrf-token': accounts.csrf },
    });
  const noon = (day: string, plus = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + plus * 86_400_000);
  const kinds = async (id: number) =>
    (
      await kit.database.db.execute<{ document_kind: string; kind: string; amount: number }>(
        sql`select kind, document_kind, amount from ledger_entries where booking_id = ${id} order by id`,
      )
    ).rows;

  it('a bank transfer of the deposit confirms the booking as the gateway’s does', async () => {
    const accounts = await staffer(kit, 'accounts');
    const who = await traveller(kit, 'farah');
    const { res, quote } = await quoteAndBook('UAE', uae, who);
    const b = res.body.data;
    const paid = await payAtDesk(accounts, 'UAE', b.RefIdKey, quote.deposit!.amount);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'partly-paid' });
  });

  it('a smaller part (decision 0108, a part of the deposit): never cancelled by the payment window, the rest of the deposit paid online (Stripe) confirms it with a second receipt voucher', async () => {
    const accounts = await staffer(kit, 'accounts');
    const who = await traveller(kit, 'omar');
    const { res, quote } = await quoteAndBook('UAE', uae, who);
    const b = res.body.data;
    const part = Math.round(quote.deposit!.amount * 0.4);
    const paid = await payAtDesk(accounts, 'UAE', b.RefIdKey, part);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({
      status: 'awaiting-payment',
      payment_status: 'partly-paid',
      amount_paid: part,
    });

    // Money is in it: the payment window leaves it (the desk's call, as for pay later with an advance).
    await windowPasses();
    expect((await row(b.BookingId)).status).toBe('awaiting-payment');

    // My trips offers the rest of the deposit online (and the bank details for the balance).
    const d = await detail(who.token, b.RefIdKey);
    expect(d).toMatchObject({
      Status: 'awaiting-payment',
      amountPaid: part,
      depositAmount: quote.deposit!.amount,
      payOnline: true,
    });
    expect(d.payTo).not.toBeNull();

    // Only its traveller starts it.
    const other = await traveller(kit, 'olga');
    expect((await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, other.token)).status).toBe(404);
    expect((await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, undefined)).status).toBe(401);
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token);
    expect(start.status, start.body.message).toBe(200);
    expect(start.body.data.Next.type).toBe('stripe');
    const session = kit.gateways.sessions.get(stripeStep(start.body.data.Next).sessionId)!;
    expect(session.amount_total).toBe(quote.deposit!.amount - part);
    kit.gateways.paySession(session.id);
    const done = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: session.id },
      who.token,
    );
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'partly-paid' });
    expect(await detail(who.token, b.RefIdKey)).toMatchObject({
      amountPaid: quote.deposit!.amount,
      amountDue: quote.total - quote.deposit!.amount,
      payOnline: true,
    });

    // Two advances, each with its receipt voucher; no tax invoice before the sale is paid.
    expect(await kinds(b.BookingId)).toEqual([
      { kind: 'bank-transfer', document_kind: 'receipt', amount: part },
      { kind: 'capture', document_kind: 'receipt', amount: quote.deposit!.amount - part },
    ]);
    const docs = await call(kit.app, 'GET', 'GetMoneyDocuments', { BookingId: b.BookingId }, { token: who.token });
    expect(docs.status, docs.body.message).toBe(200);
    expect(docs.body.data.map((x: { kind: string; total: number }) => [x.kind, x.total])).toEqual([
      ['receipt', part],
      ['receipt', quote.deposit!.amount - part],
    ]);
    expect((await row(b.BookingId)).invoice_number).toBeNull();
  });

  it('a part given back in part still holds money: the payment window leaves it, and the rest of the deposit is still asked online', async () => {
    const accounts = await staffer(kit, 'accounts');
    const who = await traveller(kit, 'rania');
    const { res, quote } = await quoteAndBook('UAE', uae, who);
    const b = res.body.data;
    const part = Math.round(quote.deposit!.amount * 0.4);
    expect((await payAtDesk(accounts, 'UAE', b.RefIdKey, part)).statusCode).toBe(200);
    const money = await kit.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${b.RefIdKey}/refunds`,
      headers: { cookie: accounts.cookie },
    });
    const transfer = (money.json() as AdminAnswer<DeskData<'GET', `bookings/${string}/refunds`>>).data.payments.find(
      (p: { status: string }) => p.status === 'paid',
    )!;
    const back = Math.round(part / 2);
    const refunded = await kit.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.RefIdKey}/refunds`,
      payload: {
        paymentId: transfer.id,
        amount: back,
        reason: 'Half returned on request',
        reference: `BACK-${b.RefIdKey}`,
      },
      headers: { cookie: accounts.cookie, 'x-csrf-token': accounts.csrf, 'idempotency-key': `back-${b.RefIdKey}` },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ status: 'awaiting-payment', payment_status: 'partly-refunded' });

    // Money is still in it: the window leaves it (before, it cancelled it, keeping the money with no refund due).
    await windowPasses();
    expect((await row(b.BookingId)).status).toBe('awaiting-payment');
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token);
    expect(start.status, start.body.message).toBe(200);
    expect(kit.gateways.sessions.get(stripeStep(start.body.data.Next).sessionId)!.amount_total).toBe(
      quote.deposit!.amount - part,
    );
  });

  it('a smaller part (India): reminded of its balance by the pay-later job, never cancelled by it, overdue on the desk after its due date; the rest of the deposit paid through Razorpay before then', async () => {
    const accounts = await staffer(kit, 'accounts');
    const who = await traveller(kit, 'kavya');
    const { res, quote } = await quoteAndBook('IN', india, who);
    const b = res.body.data;
    const part = Math.round(quote.deposit!.amount * 0.25);
    expect((await payAtDesk(accounts, 'IN', b.RefIdKey, part)).statusCode).toBe(200);
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ status: 'awaiting-payment', payment_status: 'partly-paid' });

    await runPayLater(kit.database.db, kit.app.config, quiet, noon(r.payment_due_on, -1));
    await kit.app.flushOutbox();
    const reminders = kit.mail.mails.filter((m) => m.to.includes(who.email) && /Reminder/.test(m.subject));
    expect(reminders).toHaveLength(1);
    // The balance is due (India's subject is encoded for its ₹: read the body).
    const text = mailText(reminders[0]!.raw);
    expect(text).toContain(`Amount due: ${formatMinor(r.total - part, 'INR')}`);
    expect(text).toContain(`Thank you for the ${formatMinor(part, 'INR')} received so far.`);

    // Past its due date and the grace days: the job keeps it, the desk sees it overdue (by India's day).
    await runPayLater(kit.database.db, kit.app.config, quiet, noon(r.payment_due_on, 5));
    expect(await row(b.BookingId)).toMatchObject({ status: 'awaiting-payment', payment_status: 'partly-paid' });
    const { listDesk } = await import('../../server/services/desk/list.ts');
    const { deskListQuery } = await import('../../contract/admin-desk-calls.ts');
    const overdue = async (day: string) =>
      (
        await listDesk(
          kit.database.db,
          deskListQuery.parse({ overdue: 'true', q: b.RefIdKey }),
          { UAE: day, IN: day },
          true,
        )
      ).items;
    expect(await overdue(r.payment_due_on)).toEqual([]);
    const [item] = await overdue(addDays(r.payment_due_on, 1));
    expect(item).toMatchObject({
      RefIdKey: b.RefIdKey,
      Status: 'awaiting-payment',
      overdue: true,
      AmountDue: r.total - part,
    });
    // The books owe the same: the receivables report lists its balance, overdue by India's day.
    const { receivablesReport } = await import('../../server/services/reports/receivables.ts');
    const owed = await receivablesReport(kit.database.db, { site: 'IN', now: noon(r.payment_due_on, 5) });
    expect(owed.items.find((i) => i.RefIdKey === b.RefIdKey)).toMatchObject({
      total: r.total,
      paid: part,
      due: r.total - part,
      dueOn: r.payment_due_on,
      bucket: '1-30',
    });

    // Before the due date, the rest of the deposit through Razorpay: confirmed as a deposit booking.
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, who.token, 'IN');
    expect(start.status, start.body.message).toBe(200);
    expect(start.body.data.Next).toMatchObject({
      type: 'razorpay',
      amount: quote.deposit!.amount - part,
      currency: 'INR',
    });
    const proof = kit.gateways.payOrder(razorpayStep(start.body.data.Next).orderId);
    const done = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, who.token, 'IN');
    expect(done.status, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'partly-paid' });
    const entries = await kinds(b.BookingId);
    expect(entries.map((e) => [e.kind, e.document_kind])).toEqual([
      ['bank-transfer', 'receipt'],
      ['capture', 'receipt'],
    ]);
    expect(entries[1]!.amount).toBe(quote.deposit!.amount - part);
  });
});

describe('the balance: reminders and the due date', () => {
  const noon = (day: string, plus = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + plus * 86_400_000);

  it('is reminded as pay later is, and past the due date plus grace a booking holding its deposit is not cancelled by the job (the desk decides, as for pay later with an advance)', async () => {
    const who = await traveller(kit, 'maya');
    const { res, quote } = await quoteAndBook('UAE', uae, who);
    const b = res.body.data;
    await paidByStripe(kit, who.token, b);
    const dueOn = (await row(b.BookingId)).payment_due_on;
    await runPayLater(kit.database.db, kit.app.config, quiet, noon(dueOn, -1));
    await kit.app.flushOutbox();
    const reminders = kit.mail.mails.filter((m) => m.to.includes(who.email) && /Reminder/.test(m.subject));
    expect(reminders).toHaveLength(1);
    const balance = formatMinor(quote.total - quote.deposit!.amount, 'AED');
    expect(reminders[0]!.subject).toContain(`Reminder: ${balance} due by`);
    expect(mailText(reminders[0]!.raw)).toContain(
      `Thank you for the ${formatMinor(quote.deposit!.amount, 'AED')} received so far.`,
    );

    await runPayLater(kit.database.db, kit.app.config, quiet, noon(dueOn, 5));
    expect(await row(b.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'partly-paid' });
  });

  it('a deposit never paid is cancelled by the payment window like any gateway booking, rooms released', async () => {
    const who = await traveller(kit, 'sami');
    const { res } = await quoteAndBook('UAE', uae, who);
    const b = res.body.data;
    await windowPasses();
    expect(await row(b.BookingId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
  });
});
