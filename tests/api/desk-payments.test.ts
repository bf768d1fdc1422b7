import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type StaffAction } from '../../contract/staff.ts';
import { DESK_MESSAGES } from '../../contract/desk.ts';
import { formatMinor } from '../../contract/format.ts';
import { cancelUnpaidBookings } from '../../server/services/bookings/expiry.ts';
import { runPayLater } from '../../server/services/bookings/pay-later.ts';
import { mailHtml, mailText, type CaughtMail } from '../support/mail-catcher.ts';
import {
  call,
  count,
  createBookingKit,
  findPackage,
  inDays,
  post,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
  stripeStep,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * The desk's money and corrections (issue 20): record money received outside the shop (partial
 * payments add up, at the total the booking is paid and invoiced), resend mail, correct a
 * traveller's name before travel. The real app on PGlite, staff signed in through the real calls,
 * receipts through the outbox to the mail catcher.
 */

let kit: BookingKit;
let pkgId: number;
let owner: Staffer;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;

beforeAll(async () => {
  kit = await createBookingKit();
  pkgId = (await findPackage(kit, { rooms: 10, inIndia: false })).id;
  owner = await staffer(kit, 'owner');
  agent = await staffer(kit, 'agent');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
}, 180_000);
afterAll(() => kit.close());

interface Booked {
  BookingId: number;
  RefIdKey: string;
  Total: number;
  who: { token: string; email: string };
}

/** A UAE pay-later booking of its own traveller (mail to their own address). */
async function payLater(): Promise<Booked> {
  const who = await traveller(kit, 'mira');
  const b = await siteBooking(kit, who, 'UAE', pkgId, 'pay-later');
  expect(b).toMatchObject({ Status: 'confirmed', PaymentStatus: 'unpaid' });
  return { BookingId: b.BookingId, RefIdKey: b.RefIdKey, Total: b.Total, who };
}

const row = async (id: number) =>
  (
    await kit.database.db.execute<{
      status: string;
      payment_status: string;
      amount_paid: number;
      paid_at: string | null;
      invoice_number: string | null;
      invoice_buyer_name: string | null;
    }>(
      sql`select status, payment_status, amount_paid, paid_at, invoice_number, invoice_buyer_name from bookings where id = ${id}`,
    )
  ).rows[0]!;
const manualPayments = (id: number) =>
  count(kit, sql`select count(*)::int as n from payments where booking_id = ${id} and provider = 'manual'`);
const audits = async (ref: string, action: string) =>
  (
    await kit.database.db.execute<{
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      staff_id: number;
      role: string;
    }>(
      sql`select before, after, staff_id, role from audit_log where record_type = 'booking' and record_id = ${ref} and action = ${action} order by id`,
    )
  ).rows;
const detail = async (b: Booked) =>
  (await call(kit.app, 'GET', 'BookingDetailById', { RefIdKey: b.RefIdKey }, { token: b.who.token })).body.data;

let refs = 0;
const pay = (
  who: Staffer | null,
  b: Booked,
  amount: number,
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  admin(
    kit,
    who,
    'POST',
    `bookings/${b.RefIdKey}/payments`,
    { amount, method: 'bank-transfer', reference: `TRF-${Date.now()}-${++refs}`, receivedOn: inDays(0), ...over },
    headers,
  );

/** The mail to `to` whose subject matches, waiting for the outbox to send it. */
async function mailMatching(to: string, subject: RegExp, timeoutMs = 8000): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = kit.mail.mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until)
      throw new Error(
        `no mail to ${to} matching ${subject}; got ${kit.mail.mails
          .filter((m) => m.to.includes(to))
          .map((m) => m.subject)
          .join(' | ')}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}
const attached = (m: CaughtMail) => [...m.raw.matchAll(/filename="?([^";\r\n]+)"?/g)].map((x) => x[1]);

describe('who may record payments, resend mail and correct names', () => {
  const actions = [
    {
      name: 'record a payment',
      action: 'payments.record',
      run: (who: Staffer | null, b: Booked, h?: Record<string, string>) => pay(who, b, 100, {}, h),
    },
    {
      name: 'resend the invoice',
      action: 'mail.resend',
      run: (who: Staffer | null, b: Booked, h?: Record<string, string>) =>
        admin(kit, who, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'invoice' }, h),
    },
    {
      name: 'correct a name',
      action: 'travellers.edit',
      run: async (who: Staffer | null, b: Booked, h?: Record<string, string>) => {
        const [t] = (
          await kit.database.db.execute<{ id: number }>(
            sql`select id from booking_travellers where booking_id = ${b.BookingId} and lead = false`,
          )
        ).rows;
        return admin(
          kit,
          who,
          'POST',
          `bookings/${b.RefIdKey}/travellers/${t!.id}`,
          {
            firstName: who?.role === 'owner' ? 'Devraj' : 'Devan',
            lastName: 'Shah',
            reason: 'spelt as on the passport',
          },
          h,
        );
      },
    },
  ];

  for (const a of actions) {
    const accountsMay = can('accounts', a.action as StaffAction);
    it(`${a.name}: owner and agent${accountsMay ? ' and accounts' : ''} may; ${accountsMay ? '' : 'accounts and '}catalogue get${accountsMay ? 's' : ''} 403 with nothing changed; no session and a traveller's token 401; no CSRF token 403`, async () => {
      const b = await payLater();
      const before = await row(b.BookingId);
      const names = async () =>
        (
          await kit.database.db.execute(
            sql`select first_name, last_name from booking_travellers where booking_id = ${b.BookingId} order by id`,
          )
        ).rows;
      const namesBefore = await names();
      const mailsBefore = await count(
        kit,
        sql`select count(*)::int as n from mail_outbox where booking_id = ${b.BookingId}`,
      );
      const refused = [
        ...(accountsMay ? [] : [{ res: await a.run(accounts, b), status: 403 }]),
        { res: await a.run(catalogue, b), status: 403 },
        { res: await a.run(null, b), status: 401 },
        { res: await a.run(null, b, { authorization: `Bearer ${b.who.token}` }), status: 401 },
        { res: await a.run({ ...agent, csrf: 'wrong' }, b), status: 403 },
        { res: await a.run(agent, b, { 'x-csrf-token': '' }), status: 403 },
      ];
      for (const r of refused) {
        expect(r.res.status, r.res.body.message).toBe(r.status);
        expect(r.res.body.status).toBe('error');
        expect(r.res.body.message.length).toBeGreaterThan(10);
      }
      expect(await row(b.BookingId)).toEqual(before);
      expect(await manualPayments(b.BookingId)).toBe(0);
      expect(await names()).toEqual(namesBefore);
      expect(await audits(b.RefIdKey, a.action)).toEqual([]);
      expect(await count(kit, sql`select count(*)::int as n from mail_outbox where booking_id = ${b.BookingId}`)).toBe(
        mailsBefore,
      );

      const byAgent = await a.run(agent, b);
      expect(byAgent.status, byAgent.body.message).toBe(200);
      const byOwner = await a.run(owner, b);
      expect(byOwner.status, byOwner.body.message).toBe(200);
      if (accountsMay) {
        const byAccounts = await a.run(accounts, b);
        expect(byAccounts.status, byAccounts.body.message).toBe(200);
      }
      const rows = await audits(b.RefIdKey, a.action);
      expect(rows).toHaveLength(accountsMay ? 3 : 2);
      expect(rows[0]).toMatchObject({ staff_id: agent.id, role: 'agent' });
      expect(rows[1]).toMatchObject({ staff_id: owner.id, role: 'owner' });
      if (accountsMay) expect(rows[2]).toMatchObject({ staff_id: accounts.id, role: 'accounts' });
      expect(rows[0]!.after).not.toBeNull();
    });
  }
});

describe('recording money received outside the shop', () => {
  it('a bank transfer in two parts: partly paid, then paid, confirmed and invoiced; a receipt for each; the traveller sees it', async () => {
    const b = await payLater();
    const first = Math.floor(b.Total / 3);
    const since = kit.mail.mails.length;
    const one = await pay(agent, b, first, { reference: `BT-${b.RefIdKey}-1`, receivedOn: inDays(0) });
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.data).toMatchObject({
      PaymentStatus: 'partly-paid',
      AmountPaid: first,
      AmountDue: b.Total - first,
      invoiceNumber: null,
    });
    expect(one.body.message).toContain(formatMinor(b.Total - first, 'AED'));
    expect(await row(b.BookingId)).toMatchObject({
      status: 'confirmed',
      payment_status: 'partly-paid',
      amount_paid: first,
      paid_at: null,
      invoice_number: null,
    });
    const [p] = (
      await kit.database.db.execute(
        sql`select provider, provider_ref, method, status, amount, to_char(received_on, 'YYYY-MM-DD') as received_on, recorded_by, paid_at from payments where booking_id = ${b.BookingId}`,
      )
    ).rows;
    expect(p).toMatchObject({
      provider: 'manual',
      provider_ref: `BT-${b.RefIdKey}-1`,
      method: 'bank-transfer',
      status: 'paid',
      amount: first,
      received_on: inDays(0),
      recorded_by: agent.id,
    });
    expect(p!.paid_at).not.toBeNull();
    // The traveller's booking and the receipt.
    expect(await detail(b)).toMatchObject({
      PaymentStatus: 'partly-paid',
      amountPaid: first,
      amountDue: b.Total - first,
    });
    const receipt1 = await mailMatching(b.who.email, new RegExp(`Payment received: .* for booking ${b.RefIdKey}`));
    expect(kit.mail.mails.indexOf(receipt1)).toBeGreaterThanOrEqual(since);
    const text1 = mailText(receipt1.raw);
    for (const part of [
      `We have received ${formatMinor(first, 'AED')}`,
      `reference BT-${b.RefIdKey}-1`,
      `Balance due: ${formatMinor(b.Total - first, 'AED')}`,
    ])
      expect(text1).toContain(part);
    // Its HTML part says the same, the balance in the amounts table.
    const html1 = mailHtml(receipt1.raw);
    expect(html1).toContain(`reference BT-${b.RefIdKey}-1`);
    expect(html1).toMatch(
      new RegExp(
        `>Balance due</td>\\s*<td[^>]*>${formatMinor(b.Total - first, 'AED').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by `,
      ),
    );
    // The part payment is an advance: the proforma, and its receipt voucher with the tax on it.
    expect(attached(receipt1)).toEqual([
      `invoice-${b.RefIdKey}.pdf`,
      expect.stringMatching(/^receipt-voucher-WLH-AE-RV-\d{6}\.pdf$/),
    ]);
    // The pay-later job does not cancel a partly-paid booking past its due date and grace.
    const quiet = { info: () => undefined, warn: () => undefined };
    await runPayLater(kit.database.db, kit.app.config, quiet, new Date(Date.now() + 20 * 86_400_000));
    expect(await row(b.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'partly-paid' });

    const two = await pay(agent, b, b.Total - first, { reference: `BT-${b.RefIdKey}-2`, method: 'bank-transfer' });
    expect(two.status, two.body.message).toBe(200);
    expect(two.body.data).toMatchObject({ PaymentStatus: 'paid', AmountPaid: b.Total, AmountDue: 0 });
    expect(two.body.data.invoiceNumber).toMatch(/^WLH-AE-\d{6}$/);
    const r = await row(b.BookingId);
    expect(r).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      amount_paid: b.Total,
      invoice_number: two.body.data.invoiceNumber,
    });
    expect(r.paid_at).not.toBeNull();
    const d = await detail(b);
    expect(d).toMatchObject({ PaymentStatus: 'paid', amountPaid: b.Total, amountDue: 0, payTo: null });
    expect(d.events.map((e: { paymentStatus: string }) => e.paymentStatus).slice(-2)).toEqual(['partly-paid', 'paid']);
    const receipt2 = await mailMatching(b.who.email, new RegExp(`booking ${b.RefIdKey} is paid in full`));
    expect(mailText(receipt2.raw)).toContain('paid in full');
    expect(attached(receipt2).sort()).toEqual([`invoice-${b.RefIdKey}.pdf`, `vouchers-${b.RefIdKey}.pdf`]);
    // The traveller's invoice is now the tax invoice.
    const inv = (await call(kit.app, 'GET', 'GetInvoiceDetails', { BookingId: b.BookingId }, { token: b.who.token }))
      .body.data;
    expect(inv).toMatchObject({ invoiceNumber: two.body.data.invoiceNumber, amountPaid: b.Total, amountDue: 0 });

    // An audit row with before and after for each.
    const rows = await audits(b.RefIdKey, 'payments.record');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.before).toMatchObject({ paymentStatus: 'unpaid', amountPaid: 0, amountDue: b.Total });
    expect(rows[0]!.after).toMatchObject({
      paymentStatus: 'partly-paid',
      amountPaid: first,
      payment: { amount: first, method: 'bank-transfer', reference: `BT-${b.RefIdKey}-1` },
    });
    expect(rows[1]!.before).toMatchObject({ paymentStatus: 'partly-paid', amountPaid: first });
    expect(rows[1]!.after).toMatchObject({
      paymentStatus: 'paid',
      amountPaid: b.Total,
      invoiceNumber: two.body.data.invoiceNumber,
    });

    // Nothing left to pay.
    const more = await pay(agent, b, 100);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(DESK_MESSAGES.nothingDue);
    expect(await manualPayments(b.BookingId)).toBe(2);
  });

  it('more than the balance is refused with the amount due, and the same reference twice is refused: nothing changed', async () => {
    const b = await payLater();
    const over = await pay(agent, b, b.Total + 1);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(DESK_MESSAGES.overpaid(formatMinor(b.Total, 'AED')));
    expect(await manualPayments(b.BookingId)).toBe(0);

    const ok = await pay(agent, b, 5000, { reference: `SAME-${b.RefIdKey}` });
    expect(ok.status).toBe(200);
    const over2 = await pay(agent, b, b.Total - 5000 + 1);
    expect(over2.status).toBe(409);
    expect(over2.body.message).toBe(DESK_MESSAGES.overpaid(formatMinor(b.Total - 5000, 'AED')));

    const again = await pay(agent, b, 5000, { reference: `SAME-${b.RefIdKey}` });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DESK_MESSAGES.referenceUsed);
    // On another booking too (the reference is the bank's, unique across the shop).
    const other = await payLater();
    const elsewhere = await pay(owner, other, 5000, { reference: `  SAME-${b.RefIdKey} ` });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(DESK_MESSAGES.referenceUsed);
    expect(await manualPayments(b.BookingId)).toBe(1);
    expect(await manualPayments(other.BookingId)).toBe(0);
    expect(await row(b.BookingId)).toMatchObject({ payment_status: 'partly-paid', amount_paid: 5000 });
    expect(await row(other.BookingId)).toMatchObject({ payment_status: 'unpaid', amount_paid: 0 });
    expect(await audits(b.RefIdKey, 'payments.record')).toHaveLength(1);
    expect(await audits(other.RefIdKey, 'payments.record')).toHaveLength(0);
  });

  it('bad input, a date in the future, a cancelled booking and an unknown reference are refused', async () => {
    const b = await payLater();
    const cases: { body: Record<string, unknown>; field: RegExp }[] = [
      { body: { amount: -5 }, field: /^amount: / },
      { body: { amount: 12.5 }, field: /^amount: / },
      { body: { amount: '100' }, field: /^amount: / },
      { body: { method: 'cheque' }, field: /^method: .*bank-transfer/ },
      { body: { reference: '   ' }, field: /^reference: / },
      { body: { receivedOn: '25/11/2026' }, field: /^receivedOn: / },
      { body: { receivedOn: inDays(3) }, field: /^receivedOn: .*future/ },
      // Money cannot arrive for a booking before it was made (the booking is made today).
      { body: { receivedOn: inDays(-1) }, field: /^receivedOn: .*before the booking was made/ },
      { body: { receivedOn: '1900-01-01' }, field: /^receivedOn: .*before the booking was made/ },
    ];
    for (const c of cases) {
      const res = await pay(agent, b, 100, c.body);
      expect(res.status, JSON.stringify(c.body)).toBe(400);
      expect(res.body.message).toMatch(c.field);
    }
    const missing = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/payments`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/amount: .*method: .*reference: .*receivedOn: /);
    expect(await manualPayments(b.BookingId)).toBe(0);

    const unknown = await pay(agent, { ...b, RefIdKey: 'WL-AAAAA-AAAAA' }, 100);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(DESK_MESSAGES.notFound);

    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.BookingId}`);
    const cancelled = await pay(agent, b, 100);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(DESK_MESSAGES.cancelled);
    expect(await manualPayments(b.BookingId)).toBe(0);
    expect(await audits(b.RefIdKey, 'payments.record')).toHaveLength(0);
  });

  it('two staff recording at once: the booking is locked, so together they never pass the total', async () => {
    const b = await payLater();
    const part = Math.ceil(b.Total * 0.6);
    const [x, y] = await Promise.all([pay(agent, b, part), pay(owner, b, part)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.status === 409)!.body.message).toBe(
      DESK_MESSAGES.overpaid(formatMinor(b.Total - part, 'AED')),
    );
    expect(await row(b.BookingId)).toMatchObject({ payment_status: 'partly-paid', amount_paid: part });
    expect(await manualPayments(b.BookingId)).toBe(1);
  });

  it('the same reference on two bookings at once: one is recorded, the other refused (the unique index, on Postgres too)', async () => {
    const [b1, b2] = [await payLater(), await payLater()];
    const reference = `RACE-${b1.RefIdKey}`;
    const [x, y] = await Promise.all([pay(agent, b1, 1000, { reference }), pay(owner, b2, 1000, { reference })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.status === 409)!.body.message).toBe(DESK_MESSAGES.referenceUsed);
    expect((await manualPayments(b1.BookingId)) + (await manualPayments(b2.BookingId))).toBe(1);
    expect((await row(b1.BookingId)).amount_paid + (await row(b2.BookingId)).amount_paid).toBe(1000);
  });

  it('a gateway booking awaiting payment, partly paid at the desk, is not cancelled by the payment window; paid in full it is confirmed', async () => {
    const who = await traveller(kit, 'omar');
    const g = await siteBooking(kit, who, 'UAE', pkgId, 'stripe');
    const b: Booked = { BookingId: g.BookingId, RefIdKey: g.RefIdKey, Total: g.Total, who };
    expect(await row(b.BookingId)).toMatchObject({ status: 'awaiting-payment', payment_status: 'unpaid' });
    expect((await pay(agent, b, 1000, { method: 'card-terminal' })).status).toBe(200);
    await cancelUnpaidBookings(kit.database.db, 60, new Date(Date.now() + 3 * 3600_000));
    expect(await row(b.BookingId)).toMatchObject({
      status: 'awaiting-payment',
      payment_status: 'partly-paid',
      amount_paid: 1000,
    });
    const rest = await pay(agent, b, b.Total - 1000, { method: 'cash' });
    expect(rest.status, rest.body.message).toBe(200);
    expect(await row(b.BookingId)).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: b.Total });
    expect((await row(b.BookingId)).invoice_number).toMatch(/^WLH-AE-/);
  });

  it('a partly-paid booking paying its balance online is charged the amount due, and the payment adds to what was paid', async () => {
    const b = await payLater();
    const part = 10_000;
    expect((await pay(agent, b, part)).status).toBe(200);
    expect(await detail(b)).toMatchObject({ payOnline: true, amountDue: b.Total - part });
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, b.who.token);
    expect(start.status, start.body.message).toBe(200);
    const next = stripeStep(start.body.data.Next);
    expect(next.type).toBe('stripe');
    expect(kit.gateways.sessions.get(next.sessionId)).toMatchObject({ amount_total: b.Total - part, currency: 'aed' });
    kit.gateways.paySession(next.sessionId);
    const back = await post(
      kit,
      'VerifyStripePaymentAsync',
      { BookingId: b.BookingId, sessionId: next.sessionId },
      b.who.token,
    );
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.data).toMatchObject({ Status: 'confirmed', PaymentStatus: 'paid' });
    const r = await row(b.BookingId);
    expect(r).toMatchObject({ payment_status: 'paid', amount_paid: b.Total });
    expect(r.invoice_number).toMatch(/^WLH-AE-/);
    expect(await detail(b)).toMatchObject({ amountPaid: b.Total, amountDue: 0 });
  });
});

describe('a balance below the least a gateway takes', () => {
  it('AED 1 left after a transfer: not offered online, StartBookingPayment says why and how to pay it, and the desk lists it under balance due', async () => {
    const b = await payLater();
    expect((await pay(agent, b, b.Total - 100)).status).toBe(200);
    expect(await detail(b)).toMatchObject({ amountDue: 100, payOnline: false });
    const sessions = kit.gateways.sessions.size;
    const start = await post(kit, 'StartBookingPayment', { BookingId: b.BookingId }, b.who.token);
    expect(start.status).toBe(409);
    expect(start.body.message).toMatch(/ to pay it\.$/);
    expect(start.body.message).toContain(
      `The ${formatMinor(100, 'AED')} left on this booking is less than the least we can take online (${formatMinor(200, 'AED')}). Pay it by bank transfer quoting your booking reference ${b.RefIdKey}, or call us on `,
    );
    // Stripe was not asked: its answer would have been an error about the amount.
    expect(kit.gateways.sessions.size).toBe(sessions);
    const listed = await admin(kit, agent, 'GET', 'bookings', { balanceDue: 'true', q: b.RefIdKey });
    expect(listed.body.data.items.map((i: { RefIdKey: string }) => i.RefIdKey)).toEqual([b.RefIdKey]);
  });
});

describe('resending mail', () => {
  it('the invoice (proforma before payment) and the confirmation go with their documents; vouchers only once paid in full; audited', async () => {
    const b = await payLater();
    const inv = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'invoice' });
    expect(inv.status, inv.body.message).toBe(200);
    const invMail = await mailMatching(b.who.email, new RegExp(`Your proforma invoice for booking ${b.RefIdKey}`));
    expect(attached(invMail)).toEqual([`invoice-${b.RefIdKey}.pdf`]);

    const early = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'vouchers' });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/paid in full/);
    const bad = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^what: /);
    expect(await audits(b.RefIdKey, 'mail.resend')).toHaveLength(1);

    expect((await pay(agent, b, b.Total)).status).toBe(200);
    const vouchers = await admin(kit, owner, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'vouchers' });
    expect(vouchers.status, vouchers.body.message).toBe(200);
    const vMail = await mailMatching(b.who.email, new RegExp(`Your vouchers for booking ${b.RefIdKey}`));
    expect(attached(vMail)).toEqual([`vouchers-${b.RefIdKey}.pdf`]);
    const conf = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'confirmation' });
    expect(conf.status, conf.body.message).toBe(200);
    const cMail = await mailMatching(b.who.email, /\(copy\)$/);
    expect(mailText(cMail.raw)).toContain(b.RefIdKey);
    expect(attached(cMail).sort()).toEqual([`invoice-${b.RefIdKey}.pdf`, `vouchers-${b.RefIdKey}.pdf`]);
    const rows = await audits(b.RefIdKey, 'mail.resend');
    expect(rows.map((r) => r.after!.what)).toEqual(['invoice', 'vouchers', 'confirmation']);
    expect(rows[0]!.after).toMatchObject({ to: b.who.email });

    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.BookingId}`);
    const gone = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/resend`, { what: 'invoice' });
    expect(gone.status).toBe(409);
    expect(await audits(b.RefIdKey, 'mail.resend')).toHaveLength(3);
  });
});

describe('correcting a traveller’s name', () => {
  const travellersOf = async (id: number) =>
    (
      await kit.database.db.execute<{
        id: number;
        lead: boolean;
        title: string | null;
        first_name: string;
        last_name: string;
      }>(
        sql`select id, lead, title, first_name, last_name from booking_travellers where booking_id = ${id} order by position`,
      )
    ).rows;

  it('before travel: the vouchers carry the new name, mailed again when paid; the issued tax invoice keeps its buyer name; audited before/after', async () => {
    const b = await payLater();
    expect((await pay(agent, b, b.Total)).status).toBe(200);
    const [leadT, other] = await travellersOf(b.BookingId);
    const invBefore = (
      await call(kit.app, 'GET', 'GetInvoiceDetails', { BookingId: b.BookingId }, { token: b.who.token })
    ).body.data;

    const bad = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/travellers/${other!.id}`, {
      firstName: 'D3v',
      lastName: '',
      reason: 'typo',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/firstName: .*passport.*lastName: /);

    const fixed = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/travellers/${other!.id}`, {
      firstName: 'Devendra',
      lastName: 'Shah',
      reason: 'name as on the passport',
    });
    expect(fixed.status, fixed.body.message).toBe(200);
    expect(fixed.body.data).toMatchObject({
      before: { firstName: 'Dev', lastName: 'Shah' },
      after: { firstName: 'Devendra', lastName: 'Shah' },
      vouchersMailed: true,
      invoiceKeeps: null,
    });
    const vouchers = (
      await call(kit.app, 'GET', 'GenerateAllVoucher', { BookingId: b.BookingId }, { token: b.who.token })
    ).body.data;
    expect(JSON.stringify(vouchers)).toContain('Devendra Shah');
    expect(JSON.stringify(vouchers)).not.toMatch(/"Dev Shah"/);
    const mail = await mailMatching(b.who.email, new RegExp(`Updated vouchers for booking ${b.RefIdKey}`));
    expect(attached(mail)).toEqual([`vouchers-${b.RefIdKey}.pdf`]);
    expect(mailText(mail.raw)).toContain('Dev Shah is now Devendra Shah');

    // The lead's name: the tax invoice already issued keeps the name it was issued with.
    const lead = await admin(kit, owner, 'POST', `bookings/${b.RefIdKey}/travellers/${leadT!.id}`, {
      title: 'Dr',
      firstName: 'Asha',
      lastName: 'Rao-Menon',
      reason: 'married name on the passport',
    });
    expect(lead.status, lead.body.message).toBe(200);
    expect(lead.body.data.invoiceKeeps).toBe(invBefore.buyer.name);
    expect(lead.body.message).toMatch(/credit note/);
    const invAfter = (
      await call(kit.app, 'GET', 'GetInvoiceDetails', { BookingId: b.BookingId }, { token: b.who.token })
    ).body.data;
    expect(invAfter.buyer.name).toBe(invBefore.buyer.name);
    expect(invAfter.invoiceNumber).toBe(invBefore.invoiceNumber);
    expect((await detail(b)).travellers[0]).toMatchObject({ title: 'Dr', firstName: 'Asha', lastName: 'Rao-Menon' });

    const rows = await audits(b.RefIdKey, 'travellers.edit');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.before).toMatchObject({ travellerId: other!.id, firstName: 'Dev', lastName: 'Shah' });
    expect(rows[0]!.after).toMatchObject({
      travellerId: other!.id,
      firstName: 'Devendra',
      lastName: 'Shah',
      reason: 'name as on the passport',
    });
    expect(rows[1]!.before).toMatchObject({ title: 'Ms', firstName: 'Asha', lastName: 'Rao' });
    expect(rows[1]!.after).toMatchObject({ title: 'Dr', lastName: 'Rao-Menon' });

    // A traveller of another booking is not this booking's.
    const stranger = await payLater();
    const [theirs] = await travellersOf(stranger.BookingId);
    const wrong = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/travellers/${theirs!.id}`, {
      firstName: 'X',
      lastName: 'Y',
      reason: 'mistake',
    });
    expect(wrong.status).toBe(404);
  });

  it('refused on and after the first travel date, and on a cancelled booking: nothing changed, nothing audited', async () => {
    const b = await payLater();
    const [t] = await travellersOf(b.BookingId);
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = ${inDays(0)} where booking_id = ${b.BookingId}`,
    );
    const late = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/travellers/${t!.id}`, {
      firstName: 'Asha',
      lastName: 'Menon',
      reason: 'married name',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/before travel/);
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = ${inDays(40)} where booking_id = ${b.BookingId}`,
    );
    await kit.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${b.BookingId}`);
    const cancelled = await admin(kit, agent, 'POST', `bookings/${b.RefIdKey}/travellers/${t!.id}`, {
      firstName: 'Asha',
      lastName: 'Menon',
      reason: 'married name',
    });
    expect(cancelled.status).toBe(409);
    expect((await travellersOf(b.BookingId))[0]).toMatchObject({ first_name: 'Asha', last_name: 'Rao' });
    expect(await audits(b.RefIdKey, 'travellers.edit')).toEqual([]);
  });
});
