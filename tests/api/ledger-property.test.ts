import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '../../contract/site.ts';
import { bookings, payments, refunds } from '../../server/db/schema.ts';
import { DomainError } from '../../server/lib/errors.ts';
import { createBooking } from '../../server/services/bookings/create-booking.ts';
import { cancelUnpaid } from '../../server/services/bookings/expiry.ts';
import { amendBooking } from '../../server/services/desk/amend.ts';
import { cancelBooking } from '../../server/services/desk/cancel.ts';
import { recordManualPayment } from '../../server/services/desk/payments.ts';
import { makeRefund } from '../../server/services/desk/refunds.ts';
import { amountDue, bookingProfile, balancesOf, entriesOf, type EntryRow } from '../../server/services/ledger/ledger.ts';
import { applyPayment } from '../../server/services/payments/payments.ts';
import { settleRefund } from '../../server/services/payments/refunds.ts';
import { salesReport } from '../../server/services/reports/sales.ts';
import { financialYearOf, financialYearStart } from '../../contract/calendar.ts';
import { financialYear, gstSummary, tcsRegister, vatSummary } from '../../server/services/reports/taxes.ts';
import { tcsLine, tcsRuleOn } from '../../server/services/tax-rules.ts';
import { createBookingKit, findPackage, holdId, inDays, lead, sql, traveller, type BookingKit } from './booking-kit.ts';
import { staffer } from './staff-kit.ts';

/*
 * The money ledger's properties (decision 0089), on random sequences of events for random bookings
 * on both sites: pay in parts at the desk and through the gateways, duplicate and late captures
 * (after the payment window and after staff cancelled), refunds full and partial, refunds that fail
 * (also after succeeding), rate tables changing between events, cancellations, and amendments of the
 * travel date at a dearer or cheaper price (decision 0096). After every
 * sequence: no captured money is outside the ledger, entries add up to every document, every refund
 * of sale money has its credit note, TCS is the rule of each receipt's day applied receipt by
 * receipt, and document numbers are gapless per site and kind. LEDGER_RUNS sets the number of
 * sequences (500 by default); LEDGER_SEED replays a failure with the seed the failure printed.
 */

const RUNS = Number(process.env.LEDGER_RUNS ?? 500);
const SEED = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : Date.now() % 2_147_483_647;

let kit: BookingKit;
let actor: { staffId: number; role: 'owner'; clientAddress: string };
let who: { token: string; userId: number; email: string };
let packages: { uae: number; abroad: number; home: number };
let travel = 120;

beforeAll(async () => {
  kit = await createBookingKit();
  const owner = await staffer(kit, 'owner');
  actor = { staffId: owner.id, role: 'owner', clientAddress: 'property' };
  who = await traveller(kit, 'ledger');
  packages = {
    uae: (await findPackage(kit, { rooms: 'unlimited', inIndia: false })).id,
    abroad: (await findPackage(kit, { rooms: 'unlimited', inIndia: false })).id,
    home: (await findPackage(kit, { rooms: 'unlimited', inIndia: true })).id,
  };
}, 180_000);
afterAll(() => kit.close());

type Event =
  | { t: 'desk'; frac: number }
  | { t: 'capture'; frac: number; stale: boolean; twice: boolean }
  | { t: 'refund'; frac: number }
  | { t: 'settle'; ok: boolean }
  | { t: 'cancel'; keep: number }
  | { t: 'window' }
  | { t: 'wait'; days: number }
  | { t: 'rate'; tax: 'GST' | 'VAT' | 'TCS'; bp: number; inDays: number }
  | { t: 'amend'; factor: number; days: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('desk' as const), frac: fc.double({ min: 0.05, max: 1.2, noNaN: true }) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('capture' as const), frac: fc.double({ min: 0.1, max: 1, noNaN: true }), stale: fc.boolean(), twice: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('refund' as const), frac: fc.double({ min: 0.05, max: 1, noNaN: true }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('settle' as const), ok: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), keep: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.constant({ t: 'window' as const }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 80 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('amend' as const), factor: fc.constantFrom(0.7, 0.95, 1, 1.1, 1.4), days: fc.integer({ min: -20, max: 40 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('rate' as const), tax: fc.constantFrom('GST' as const, 'VAT' as const, 'TCS' as const), bp: fc.constantFrom(0, 200, 500, 1200, 1800), inDays: fc.integer({ min: 1, max: 60 }) }),
  },
);

const sequence = fc.record({
  site: fc.constantFrom('UAE' as const, 'IN' as const),
  abroad: fc.boolean(),
  method: fc.constantFrom('pay-later' as const, 'gateway' as const),
  pan: fc.constantFrom('ABCPR1234F', 'BCDPR2345G', 'CDEPR3456H'),
  adults: fc.integer({ min: 1, max: 3 }),
  events: fc.array(event, { minLength: 1, maxLength: 8 }),
});

const days = (from: Date, n: number) => new Date(from.getTime() + n * 86_400_000);
let clock = new Date();
/** Bookings an amendment changed: a raised price can leave an invoiced booking owing its balance. */
const amended = new Set<number>();
let seq = 0;

/** Runs one event; a refusal in words (DomainError) is an answer, anything else fails the property. */
async function run(e: Event, b: { id: number; ref: string; site: 'UAE' | 'IN'; currency: string; packageId: number }) {
  const db = kit.database.db;
  const config = kit.app.config;
  const row = async () => (await db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!;
  try {
    switch (e.t) {
      case 'wait':
        clock = days(clock, e.days);
        return;
      case 'rate': {
        const day = siteDay(days(clock, e.inDays), 'IN');
        if (e.tax === 'TCS') await db.execute(sql`insert into tcs_rules (effective_from, rate_bp, note) values (${day}, ${e.bp}, 'property test') on conflict (effective_from) do nothing`);
        else await db.execute(sql`insert into tax_rates (tax, effective_from, rate_bp, note) values (${e.tax}, ${day}, ${e.bp}, 'property test') on conflict (tax, effective_from) do nothing`);
        return;
      }
      case 'desk': {
        const due = (await amountDue(db, config, await row(), siteDay(clock, b.site))).total;
        // The balance, a part of it, or one unit more than is due (refused).
        const amount = e.frac >= 1.1 ? due + 1 : e.frac >= 0.9 ? due : Math.max(1, Math.floor(due * e.frac));
        await recordManualPayment(db, config, actor, b.ref, { amount, method: 'bank-transfer', reference: `P-${randomUUID()}`, receivedOn: siteDay(clock, b.site) }, clock);
        return;
      }
      case 'capture': {
        // A session or order opened for the amount due then (or, stale, for more than is due now),
        // captured by the provider: its confirmation arrives (twice, when told).
        const due = (await amountDue(db, config, await row(), siteDay(clock, b.site))).total;
        const amount = Math.max(100, e.stale ? Math.ceil(due * 1.1) + 100 : Math.floor(due * e.frac) || 100);
        const provider = b.site === 'IN' ? ('razorpay' as const) : ('stripe' as const);
        const [p] = await db.insert(payments).values({ bookingId: b.id, provider, providerRef: `ord_${randomUUID()}`, amount, currency: b.currency }).returning();
        const confirmation = { paymentId: `pay_${randomUUID()}`, amount, currency: b.currency, eventId: `evt_${randomUUID()}`, type: 'payment.captured', payload: {}, how: 'the property test' };
        await applyPayment(db, config as never, p!, confirmation, clock);
        if (e.twice) {
          const again = await applyPayment(db, config as never, p!, { ...confirmation, eventId: `evt_${randomUUID()}` }, clock);
          expect(again.outcome).toBe('duplicate');
        }
        return;
      }
      case 'refund': {
        const { rows } = await db.execute<{ id: number; left: number }>(sql`
          select p.id, p.amount - coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0)::int as left
          from payments p where p.booking_id = ${b.id} and p.status = 'paid' order by p.id`);
        const pick = rows.find((r) => Number(r.left) > 0);
        if (!pick) return;
        const amount = Math.max(1, Math.floor(Number(pick.left) * e.frac));
        await makeRefund(db, config as never, actor, b.ref, { paymentId: pick.id, amount, reason: 'property test', reference: `R-${randomUUID()}` }, randomUUID(), clock);
        return;
      }
      case 'settle': {
        const [r] = await db.select().from(refunds).where(eq(refunds.bookingId, b.id)).orderBy(refunds.id);
        const target = (await db.select().from(refunds).where(eq(refunds.bookingId, b.id))).find((x) => x.status === 'pending' || (!e.ok && x.status === 'processed')) ?? r;
        if (!target) return;
        await settleRefund(db, config as never, target.id, { outcome: e.ok ? 'processed' : 'failed', failure: 'property test' }, clock);
        return;
      }
      case 'cancel': {
        const cur = await row();
        const paid = balancesOf(await entriesOf(db, b.id)).receivedCash;
        await cancelBooking(db, config as never, actor, b.ref, { reason: 'property test', keep: cur.status === 'cancelled' ? undefined : Math.floor(paid * e.keep), keepReason: 'property test' }, clock);
        return;
      }
      case 'amend': {
        // The package priced anew (dearer or cheaper), the booking moved to another date at it, the price put back.
        const { rows } = await db.execute<{ amount: number; d: string }>(sql`
          select pp.amount, (select to_char(min(travel_date), 'YYYY-MM-DD') from booking_lines where booking_id = ${b.id}) as d
          from package_prices pp where pp.package_id = ${b.packageId} and pp.site = ${b.site}`);
        const { amount, d } = rows[0]!;
        const to = new Date(Date.parse(`${d}T00:00:00Z`) + (e.days || 1) * 86_400_000).toISOString().slice(0, 10);
        await db.execute(sql`update package_prices set amount = ${Math.max(100, Math.round(Number(amount) * e.factor))} where package_id = ${b.packageId} and site = ${b.site}`);
        try {
          await db.transaction((tx) => amendBooking(tx, config as never, actor, b.ref, { travelDate: to, confirm: true }, clock));
          amended.add(b.id);
        } finally {
          await db.execute(sql`update package_prices set amount = ${amount} where package_id = ${b.packageId} and site = ${b.site}`);
        }
        return;
      }
      case 'window': {
        await db.transaction(async (tx) => {
          const [cur] = await tx.select().from(bookings).where(eq(bookings.id, b.id)).for('update');
          if (cur!.status === 'awaiting-payment' && cur!.paymentStatus === 'unpaid') await cancelUnpaid(tx, b.id, 'payment window (property test)', clock, 'payment-window');
        });
        return;
      }
    }
  } catch (err) {
    if (err instanceof DomainError) return;
    throw err;
  }
}

/** Every property of one booking's money, and the global ones (documents gapless). */
async function check(bookingId: number) {
  const db = kit.database.db;
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const entries = await entriesOf(db, bookingId);
  // No captured money outside the ledger: each paid payment's money is in entries on it, to the unit.
  const paid = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  for (const p of paid.filter((x) => x.status === 'paid')) {
    const inLedger = entries.filter((e) => e.paymentId === p.id && e.kind !== 'refund' && e.kind !== 'refund-reversal').reduce((s, e) => s + e.amount, 0);
    expect(inLedger, `payment ${p.id} of ${b!.refIdKey}`).toBe(p.amount);
  }
  // Every refund is in the ledger once, and a failed one reversed exactly.
  for (const r of await db.select().from(refunds).where(eq(refunds.bookingId, bookingId))) {
    const mine = entries.filter((e) => e.refundId === r.id);
    expect(mine.filter((e) => e.kind === 'refund').map((e) => e.amount)).toEqual([-r.amount]);
    expect(mine.filter((e) => e.kind === 'refund-reversal').map((e) => e.amount)).toEqual(r.status === 'failed' ? [r.amount] : []);
  }
  // Every refund of sale money has a credit note, and each document equals its entries.
  for (const e of entries.filter((x) => x.kind === 'refund' && x.sale + x.tcs < 0)) expect(e.documentKind, `refund entry ${e.id}`).toBe('credit-note');
  const byDoc = new Map<string, EntryRow[]>();
  for (const e of entries) if (e.documentNumber) byDoc.set(`${e.documentKind}|${e.documentNumber}`, [...(byDoc.get(`${e.documentKind}|${e.documentNumber}`) ?? []), e]);
  for (const [key, list] of byDoc) {
    const [kind, number] = key.split('|') as [string, string];
    const cash = list.reduce((s, e) => s + e.sale + e.tcs, 0);
    if (kind === 'credit-note') {
      const { rows } = await db.execute<{ total: number }>(sql`select total from credit_notes where number = ${number}`);
      expect(Number(rows[0]?.total), `credit note ${number}`).toBe(-cash);
    } else if (kind === 'receipt' || kind === 'debit-note') {
      const { rows } = await db.execute<{ total: number }>(sql`select total from money_documents where number = ${number}`);
      expect(Number(rows[0]?.total), `${kind} ${number}`).toBe(kind === 'debit-note' ? cash : cash);
    } else {
      expect(number).toBe(b!.invoiceNumber);
    }
  }
  // The booking's figures are sums of its entries.
  const bal = balancesOf(entries);
  expect(b!.amountPaid).toBe(bal.receivedCash);
  const p = await bookingProfile(db, b!);
  if (b!.status !== 'cancelled' && b!.paymentStatus === 'paid') expect(bal.receivedSale).toBeGreaterThanOrEqual(p.value);
  if (b!.invoiceNumber && !amended.has(bookingId)) expect(bal.receivedSale).toBeGreaterThanOrEqual(p.value);
  // TCS: the rule of each receipt's day, with this PAN's base before it in its financial year.
  for (const e of entries.filter((x) => x.site === 'IN' && x.tcsBase > 0 && x.kind !== 'refund' && x.kind !== 'refund-reversal')) {
    const { rows } = await db.execute<{ n: string }>(sql`select coalesce(sum(tcs_base), 0) as n from ledger_entries
      where pan = ${e.pan} and id < ${e.id} and tax_day between ${financialYearStart(e.taxDay)} and ${e.taxDay}`);
    const rule = await tcsRuleOn(db, e.taxDay);
    const expected = rule ? tcsLine(e.tcsBase, { ...rule, before: e.pan && rule.threshold !== null ? Number(rows[0]!.n) : 0 }).amount : 0;
    expect(e.tcs, `TCS of entry ${e.id} on ${e.taxDay}`).toBe(expected);
  }
}

/** Document numbers of each site and kind run 1..n with no gap. */
async function gapless() {
  const db = kit.database.db;
  const series = [
    sql`select invoice_number as n from bookings where invoice_number is not null`,
    sql`select number as n from credit_notes`,
    sql`select number as n from money_documents`,
  ];
  for (const q of series) {
    const groups = new Map<string, number[]>();
    for (const { n } of (await db.execute<{ n: string }>(q)).rows) {
      const m = /^(.*)-(\d+)$/.exec(n)!;
      groups.set(m[1]!, [...(groups.get(m[1]!) ?? []), Number(m[2])]);
    }
    for (const [prefix, numbers] of groups) {
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(sorted, prefix).toEqual(sorted.map((_, i) => i + 1));
    }
  }
}

/** The reports of every financial year the entries reach are the ledger's sums, to the unit; Sales' TCS is the register's. */
async function reportsAreSums() {
  const db = kit.database.db;
  const { rows: years } = await db.execute<{ fy: string }>(sql`select distinct to_char(tax_day, 'YYYY-MM-DD') as fy from ledger_entries`);
  const fys = [...new Set(years.map((y) => financialYearOf(y.fy)))];
  for (const fy of fys) {
    const { from, to } = financialYear(fy);
    const { rows } = await db.execute<Record<string, string>>(sql`select site, coalesce(sum(tcs), 0) as tcs, coalesce(sum(taxable), 0) as taxable, coalesce(sum(cgst), 0) as cgst,
      coalesce(sum(sgst), 0) as sgst, coalesce(sum(igst), 0) as igst, coalesce(sum(gst), 0) as gst, coalesce(sum(vat), 0) as vat
      from ledger_entries where tax_day between ${from} and ${to} group by site`);
    const sums = (site: string) => rows.find((r) => r.site === site) ?? { tcs: '0', taxable: '0', cgst: '0', sgst: '0', igst: '0', gst: '0', vat: '0' };
    const india = sums('IN');
    const register = await tcsRegister(db, fy, null);
    expect(register.totals.tcs, `TCS register ${fy}`).toBe(Number(india.tcs));
    const gst = await gstSummary(db, from, to);
    expect({ taxable: gst.totals.taxable, cgst: gst.totals.cgst, sgst: gst.totals.sgst, igst: gst.totals.igst, gst: gst.totals.gst }, `GST summary ${fy}`).toEqual({
      taxable: Number(india.taxable),
      cgst: Number(india.cgst),
      sgst: Number(india.sgst),
      igst: Number(india.igst),
      gst: Number(india.gst),
    });
    const sales = await salesReport(db, { from, to, by: 'month', site: 'IN' });
    expect(sales.totals[0]!.taxes.TCS, `Sales TCS ${fy}`).toBe(register.totals.tcs);
    const vat = await vatSummary(db, from, to);
    expect(vat.totals.standard.vat, `VAT summary ${fy}`).toBe(Number(sums('UAE').vat));
  }
}

describe('the money ledger, on random sequences of events', () => {
  it(`holds its properties over ${RUNS} sequences on both sites (seed ${SEED})`, async () => {
    console.log(`ledger property test: ${RUNS} sequences, seed ${SEED} (LEDGER_SEED=${SEED} replays them)`);
    await fc.assert(
      fc.asyncProperty(sequence, async (s) => {
        clock = new Date();
        const packageId = s.site === 'UAE' ? packages.uae : s.abroad ? packages.abroad : packages.home;
        const hold = await holdId(kit, who.token, s.site, [{ packageId, adults: s.adults, travelDate: inDays((travel = (travel % 200) + 1) + 120, s.site) }]);
        const made = await createBooking(
          kit.database.db,
          kit.app.config,
          { userId: who.userId, site: s.site },
          {
            TempBookingId: hold,
            PaymentMethod: s.method === 'pay-later' ? 'pay-later' : s.site === 'IN' ? 'razorpay' : 'stripe',
            LeadTraveller: (s.site === 'IN' ? lead({ Phone: '+919812345678', Email: who.email }) : lead({ Email: who.email })) as never,
            Travellers: Array.from({ length: s.adults - 1 }, (_, i) => ({ FirstName: 'Dev', LastName: `Shah${'abc'[i]}`, AgeBand: 'adult' })) as never,
            SpecialRequests: '',
            ...(s.site === 'IN' ? { Pan: s.pan } : {}),
          },
          clock,
        );
        seq++;
        const b = { id: made.BookingId, ref: made.RefIdKey, site: s.site, currency: s.site === 'IN' ? 'INR' : 'AED', packageId };
        for (const e of s.events) await run(e, b);
        await check(b.id);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    await gapless();
    await reportsAreSums();
    // What the sequences reached: each kind of entry and document should be there.
    const { rows: kinds } = await kit.database.db.execute<{ kind: string; n: number }>(sql`select kind || coalesce(' → ' || document_kind, '') as kind, count(*)::int as n from ledger_entries group by 1 order by 1`);
    console.log(`ledger entries written: ${kinds.map((k) => `${k.kind} ${k.n}`).join(', ')}`);
    const reached = new Set(kinds.map((k) => k.kind));
    if (RUNS >= 100) for (const k of ['capture → invoice', 'bank-transfer → invoice', 'bank-transfer → receipt', 'owed-back', 'refund → credit-note', 'refund-reversal → debit-note']) expect(reached, k).toContain(k);
    expect(seq).toBeGreaterThanOrEqual(RUNS);
  }, 1_800_000);
});
