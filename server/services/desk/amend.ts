import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AMEND_MESSAGES, type AmendRequest, type AmendResult, type AmendSide } from '../../../contract/desk-amend.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import type { Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bookingLines, bookings, bookingTravellers } from '../../db/schema.ts';
import { conflict, DomainError, invalid } from '../../lib/errors.ts';
import { payLaterDueOn } from '../bookings/create-booking.ts';
import { lockDeparture } from '../bookings/inventory.ts';
import { priceHold, taxesFor, type HeldLine } from '../bookings/pricing.ts';
import { bookingDetail } from '../bookings/queries.ts';
import { recordEvent, vouchersIssued, type BookingRow } from '../bookings/records.ts';
import { amendmentRefund, deriveBooking } from '../ledger/ledger.ts';
import { apportion } from '../ledger/split.ts';
import { greetingOf, laidOut, type MailBlock } from '../mail-layout.ts';
import { enqueueMail, type OutboxAttachment } from '../outbox.ts';
import { RefundRefused, sendRefund } from '../payments/refunds.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction, type ActionScope } from '../staff/staff-action.ts';
import { siteRatesOn, tcsTermsFor } from '../tax-rules.ts';
import { refundWithCreditNote } from './credit-notes.ts';
import { lockedBooking, tripUrlOf } from './payments.ts';
import { spreadRefund } from './refunds.ts';
import { addDays, daysBetween, siteDay } from '../../../contract/calendar.ts';

/*
 * Amending a booking's travel date from the desk (bookings.amend), in one transaction with the
 * booking's row locked: the booking priced on the new date by the shop's own pricing (priceHold,
 * the coupon's discount kept as it was sold), its rooms moved between departures under the
 * departures' locks as a sale takes them, its lines and price changed, and the difference settled
 * through the ledger (docs/decisions/0096): a balance due the traveller pays as a pay-later
 * balance, or money back refunded today under a credit note, as a cancellation's refund is. The
 * traveller is mailed the new trip with its invoice and vouchers, and the change is audited. A
 * preview runs the same steps and rolls them back, so the figures shown are the ones applied.
 */

const MAX_DAYS_AHEAD = 540;

/** Thrown to roll a preview back with its answer. */
class Preview extends Error {
  constructor(readonly result: AmendResult) {
    super('preview');
  }
}

type LineRow = typeof bookingLines.$inferSelect;
type TravellerRow = typeof bookingTravellers.$inferSelect;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const nameOf = (t: { title?: string | null; firstName: string; lastName: string }) =>
  [t.title, t.firstName, t.lastName].filter(Boolean).join(' ');
/** The party the travellers' names are counted against: the largest across the lines (as a booking is made). */
const partyOf = (lines: Pick<LineRow, 'adults' | 'children' | 'infants' | 'rooms'>[]) => ({
  adults: Math.max(...lines.map((l) => l.adults)),
  children: Math.max(...lines.map((l) => l.children)),
  infants: Math.max(...lines.map((l) => l.infants)),
  rooms: Math.max(...lines.map((l) => l.rooms)),
});

function sideOf(b: BookingRow, lines: LineRow[], people: TravellerRow[]): AmendSide {
  const sorted = [...lines].sort((x, y) => x.position - y.position);
  return {
    travelDate: sorted.map((l) => l.travelDate).sort()[0] ?? '',
    lines: sorted.map((l) => ({
      position: l.position,
      packageId: l.packageId,
      title: l.title,
      travelDate: l.travelDate,
      adults: l.adults,
      children: l.children,
      rooms: l.rooms,
      amount: l.amount,
    })),
    subtotal: b.subtotal,
    discount: b.discount,
    total: b.total,
    amountPaid: b.amountPaid,
    amountDue: b.status === 'cancelled' ? 0 : Math.max(0, b.total - b.amountPaid),
    paymentStatus: b.paymentStatus,
    party: partyOf(sorted),
    travellers: [...people].sort((x, y) => Number(y.lead) - Number(x.lead) || x.position - y.position).map(nameOf),
  };
}

/**
 * Each line whose date or holiday changes: a real date from the site's tomorrow up to 18 months
 * ahead, and a departure of its package when that package schedules them.
 */
async function checkTravelDates(
  tx: Db,
  b: BookingRow,
  titles: string[],
  moved: HeldLine[],
  changed: boolean[],
  now: Date,
) {
  const today = siteDay(now, b.site);
  for (const [i, l] of moved.entries()) {
    if (!changed[i]) continue;
    const date = new Date(`${l.travelDate}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(l.travelDate) ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== l.travelDate
    )
      throw invalid(AMEND_MESSAGES.notReal);
    if (daysBetween(today, l.travelDate) < 1) throw invalid(AMEND_MESSAGES.past);
    if (daysBetween(today, l.travelDate) > MAX_DAYS_AHEAD) throw invalid(AMEND_MESSAGES.tooFar);
  }
  // A package whose departures staff schedule is sold on those dates only (the package page offers
  // no other); a package with none scheduled takes any date, as the cart does.
  for (const [i, l] of moved.entries()) {
    if (!changed[i]) continue;
    const { rows } = await tx.execute<{ scheduled: number; here: number }>(sql`
      select count(*) filter (where scheduled)::int as scheduled, count(*) filter (where scheduled and travel_date = ${l.travelDate})::int as here
      from departures where package_id = ${l.packageId} and travel_date > ${today}`);
    if (Number(rows[0]?.scheduled ?? 0) > 0 && Number(rows[0]?.here ?? 0) === 0)
      throw conflict(AMEND_MESSAGES.notDeparture(titles[i]!, formatDay(l.travelDate)));
  }
}

/** The holidays a line moves to: each must exist and be on sale (published and priced) on the booking's site. */
async function checkPackages(tx: Db, site: Site, ids: number[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  for (const id of [...new Set(ids)]) {
    const { rows } = await tx.execute<{ title: string; published: boolean; priced: boolean }>(sql`
      select p.title, p.published, exists (select 1 from package_prices pp where pp.package_id = p.id and pp.site = ${site}) as priced
      from packages p where p.id = ${id}`);
    const p = rows[0];
    if (!p) throw invalid(AMEND_MESSAGES.unknownPackage(id));
    if (!p.published || !p.priced) throw conflict(AMEND_MESSAGES.otherSite(p.title, site));
    titles.set(id, p.title);
  }
  return titles;
}

/**
 * The rooms of the old departures given back and the new ones' taken, every departure locked
 * first in one order (package, date) as holds and sales lock them; refused with the shop's words
 * when a new date is stop-sold or has too few rooms left.
 */
async function moveRooms(tx: Db, lines: LineRow[], moved: HeldLine[], titles: string[], now: Date) {
  const key = (p: number, d: string) => `${p}|${d}`;
  const delta = new Map<string, { packageId: number; travelDate: string; rooms: number; title: string }>();
  const add = (packageId: number, travelDate: string, rooms: number, title: string) => {
    const k = key(packageId, travelDate);
    const seen = delta.get(k);
    delta.set(k, { packageId, travelDate, rooms: (seen?.rooms ?? 0) + rooms, title });
  };
  lines.forEach((l, i) => {
    add(l.packageId, l.travelDate, -l.rooms, l.title);
    add(moved[i]!.packageId, moved[i]!.travelDate, moved[i]!.rooms, titles[i]!);
  });
  const all = [...delta.values()].sort((a, b) => a.packageId - b.packageId || a.travelDate.localeCompare(b.travelDate));
  const states = new Map<string, Awaited<ReturnType<typeof lockDeparture>>>();
  for (const d of all)
    states.set(key(d.packageId, d.travelDate), await lockDeparture(tx, d.packageId, d.travelDate, now));
  for (const d of all.filter((x) => x.rooms > 0)) {
    const s = states.get(key(d.packageId, d.travelDate))!;
    const when = formatDay(d.travelDate);
    if (s.stopSale) throw conflict(`${d.title} is not on sale on ${when} (stop-sale). Choose another date.`);
    const left = s.capacity === null ? null : Math.max(0, s.capacity - s.sold - s.held);
    if (left !== null && d.rooms > left) {
      throw conflict(
        left === 0
          ? `${d.title} is sold out on ${when}. Choose another date.`
          : `Only ${left} ${left === 1 ? 'room is' : 'rooms are'} left on ${when} for ${d.title}, and this booking needs ${d.rooms}. Choose another date.`,
      );
    }
  }
  for (const d of all) {
    if (d.rooms === 0) continue;
    await tx.execute(
      sql`update departures set rooms_sold = greatest(0, rooms_sold + ${d.rooms}) where package_id = ${d.packageId} and travel_date = ${d.travelDate}`,
    );
  }
}

type CouponAfter = { code: string; kept: boolean; note: string; couponId: number | null } | null;

/**
 * The booking priced on its new dates by the shop's pricing; a coupon's discount stays as it was
 * sold (its once-only rules were met then). A change of holiday is priced as the shop would price
 * the new lines with the coupon (decision 0096): kept when its rules still allow it, read as though
 * this booking were not made yet (its own use of the coupon does not count against it), else
 * removed with the reason.
 */
async function priceMoved(
  tx: Db,
  config: Config,
  b: BookingRow,
  lines: LineRow[],
  moved: HeldLine[],
  now: Date,
  newHoliday: boolean,
) {
  const site = b.site;
  const taxes = b.taxes ?? [];
  const supply: 'intra' | 'inter' | null = taxes.some((t) => t.code === 'CGST')
    ? 'intra'
    : taxes.some((t) => t.code === 'IGST')
      ? 'inter'
      : null;
  const base = { site, lines: moved, userId: b.userId, tcsRate: config.TCS_RATE_PERCENT, now, pan: b.pan, supply };
  let priced: Awaited<ReturnType<typeof priceHold>>;
  try {
    priced = await priceHold(tx, base);
    if (newHoliday && b.couponCode) {
      const code = b.couponCode.toUpperCase();
      const trial = await priceHold(tx, {
        ...base,
        couponCode: code,
        payWith: (b.payWith ?? null) as Parameters<typeof priceHold>[1]['payWith'],
        exceptBooking: b.id,
      });
      const was = formatMinor(b.discount, b.currency);
      const coupon: CouponAfter = trial.coupon
        ? {
            code,
            kept: true,
            note: `Coupon ${code} still applies to the new holiday: ${formatMinor(trial.discount, b.currency)} off (it was ${was}).`,
            couponId: b.couponId,
          }
        : {
            code,
            kept: false,
            note: `Coupon ${code} does not apply to the new holiday${trial.couponError ? ` (${trial.couponError.replace(/\.$/, '')})` : ''}: its discount of ${was} is removed.`,
            couponId: null,
          };
      return { ...(trial.coupon ? trial : priced), coupon };
    }
  } catch (err) {
    if (err instanceof DomainError && /no longer on sale/.test(err.message))
      throw conflict(AMEND_MESSAGES.notOnSale(lines[0]?.title ?? 'This holiday'));
    throw err;
  }
  const kept: CouponAfter = null;
  const discount = Math.min(b.discount, priced.subtotal);
  if (discount === 0) return { ...priced, discount: 0, coupon: kept };
  const shares = apportion(
    discount,
    priced.lines.map((l) => l.amount),
  );
  const netOf = (which: (l: (typeof priced.lines)[number]) => boolean) =>
    priced.lines.reduce((s, l, i) => s + (which(l) ? l.amount - shares[i]! : 0), 0);
  const tcs =
    site === 'IN' && priced.lines.some((l) => l.overseas)
      ? await tcsTermsFor(tx, config.TCS_RATE_PERCENT, now, b.pan)
      : null;
  const net = priced.subtotal - discount;
  const rates = await siteRatesOn(tx, site, siteDay(now, site));
  const newTaxes = taxesFor(
    site,
    net,
    netOf((l) => l.overseas),
    tcs,
    { supply, standardNet: netOf((l) => l.vatTreatment === 'standard'), rates },
  );
  return {
    ...priced,
    discount,
    taxes: newTaxes,
    total: net + newTaxes.filter((t) => !t.included).reduce((s, t) => s + t.amount, 0),
    coupon: kept,
  };
}

interface Applied {
  result: AmendResult;
  /** Gateway refunds the providers refused after the commit (filled in once it committed): in the refund queue. */
  failures: string[];
}

/** The party's names after `remove` and `add`, checked against the new party; the rows to delete and insert. */
function checkTravellers(
  people: TravellerRow[],
  input: Pick<AmendRequest, 'add' | 'remove'>,
  party: ReturnType<typeof partyOf>,
) {
  const remove = [...new Set(input.remove ?? [])];
  for (const id of remove) {
    const t = people.find((p) => p.id === id);
    if (!t) throw invalid(AMEND_MESSAGES.unknownTraveller);
    if (t.lead) throw invalid(AMEND_MESSAGES.leadStays);
  }
  const kept = people.filter((p) => !remove.includes(p.id));
  const add = input.add ?? [];
  const have = (band: 'adult' | 'child' | 'infant') =>
    kept.filter((p) => p.ageBand === band).length + add.filter((a) => a.ageBand === band).length;
  if (have('adult') !== party.adults || have('child') !== party.children || have('infant') !== party.infants) {
    const text = [
      plural(party.adults, 'adult', 'adults'),
      party.children ? plural(party.children, 'child', 'children') : '',
      party.infants ? plural(party.infants, 'infant', 'infants') : '',
    ]
      .filter(Boolean)
      .join(', ');
    throw invalid(AMEND_MESSAGES.namesMismatch(text));
  }
  return { remove, add };
}

async function apply(
  { tx, audit, afterCommit }: ActionScope,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  input: AmendRequest,
  now: Date,
): Promise<Applied> {
  const confirm = input.confirm;
  const b = await lockedBooking(tx, ref);
  if (b.status === 'cancelled') throw conflict(AMEND_MESSAGES.cancelled);
  if (b.status !== 'confirmed') throw conflict(AMEND_MESSAGES.awaitingPayment);
  const lines = await tx
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(asc(bookingLines.position));
  const people = await tx
    .select()
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, b.id))
    .orderBy(asc(bookingTravellers.position));
  const before = sideOf(b, lines, people);
  if (before.travelDate <= siteDay(now, b.site)) throw conflict(AMEND_MESSAGES.travelled);
  const site = b.site;
  // A line's own change (by position) over the whole booking's: package, date, party, rooms.
  const perLine = input.lines ?? [];
  for (const c of perLine)
    if (!lines.some((l) => l.position === c.position)) throw invalid(AMEND_MESSAGES.unknownLine(c.position));
  if (input.packageId !== undefined && lines.length > 1) throw invalid(AMEND_MESSAGES.whichLine(lines.length));
  // Every line moves by the same number of days unless given its own date: the trip keeps its shape.
  const shift = daysBetween(before.travelDate, input.travelDate ?? before.travelDate);
  const moved: HeldLine[] = lines.map((l) => {
    const c = perLine.find((x) => x.position === l.position);
    return {
      packageId: c?.packageId ?? input.packageId ?? l.packageId,
      travelDate: c?.travelDate ?? addDays(l.travelDate, shift),
      adults: c?.adults ?? input.adults ?? l.adults,
      children: c?.children ?? input.children ?? l.children,
      infants: l.infants,
      rooms: c?.rooms ?? input.rooms ?? l.rooms,
    };
  });
  const travelDate = moved.map((l) => l.travelDate).sort()[0]!;
  const dateMoved = moved.map((l, i) => l.travelDate !== lines[i]!.travelDate);
  const holidayMoved = moved.map((l, i) => l.packageId !== lines[i]!.packageId);
  const dateChanges = dateMoved.some(Boolean);
  const packageChanges = holidayMoved.some(Boolean);
  const partyChanges =
    moved.some(
      (l, i) => l.adults !== lines[i]!.adults || l.children !== lines[i]!.children || l.rooms !== lines[i]!.rooms,
    ) ||
    input.adults !== undefined ||
    input.children !== undefined ||
    input.rooms !== undefined ||
    Boolean(input.add?.length) ||
    Boolean(input.remove?.length);
  if (!dateChanges && !partyChanges && !packageChanges)
    throw invalid(input.travelDate ? AMEND_MESSAGES.sameDate : AMEND_MESSAGES.nothingToChange);
  for (const l of moved) {
    if (l.rooms > l.adults) throw invalid(AMEND_MESSAGES.roomsNeedAdult);
    if (l.infants > l.adults) throw invalid(AMEND_MESSAGES.infantsNeedAdult);
  }
  const names = checkTravellers(people, input, partyOf(moved));
  const newTitles = packageChanges
    ? await checkPackages(
        tx,
        site,
        moved.filter((_, i) => holidayMoved[i]).map((l) => l.packageId),
      )
    : new Map<number, string>();
  const titles = moved.map((l, i) => (holidayMoved[i] ? newTitles.get(l.packageId)! : lines[i]!.title));
  if (dateChanges || packageChanges)
    await checkTravelDates(
      tx,
      b,
      titles,
      moved,
      moved.map((_, i) => dateMoved[i]! || holidayMoved[i]!),
      now,
    );
  const price = await priceMoved(tx, config, b, lines, moved, now, packageChanges);
  if (packageChanges && price.panRequired && !b.pan)
    throw invalid(
      AMEND_MESSAGES.panNeeded(titles.find((_, i) => holidayMoved[i] && price.lines[i]!.overseas) ?? titles[0]!),
    );
  // The rooms first: a sold-out or stop-sold date refuses before anything else is written.
  await moveRooms(tx, lines, moved, titles, now);
  const m = (amount: number) => formatMinor(amount, b.currency);

  // The lines and the price: the ledger reads the booking's value from them (bookingProfile).
  for (const [i, l] of lines.entries()) {
    const p = price.lines[i]!;
    await tx
      .update(bookingLines)
      .set({
        ...(holidayMoved[i] ? { packageId: p.packageId, title: p.title, city: p.city, nights: p.nights } : {}),
        travelDate: p.travelDate,
        adults: p.adults,
        children: p.children,
        rooms: p.rooms,
        adultPrice: p.adultPrice,
        childPrice: p.childPrice,
        amount: p.amount,
        overseas: p.overseas,
        vatTreatment: p.vatTreatment,
      })
      .where(eq(bookingLines.id, l.id));
  }
  const couponGone = price.coupon && !price.coupon.kept ? { couponId: null, couponCode: null } : {};
  await tx
    .update(bookings)
    .set({ subtotal: price.subtotal, discount: price.discount, taxes: price.taxes, total: price.total, ...couponGone })
    .where(eq(bookings.id, b.id));
  // The travellers who leave and join (after the lead and the others, in the order given).
  if (names.remove.length)
    await tx
      .delete(bookingTravellers)
      .where(and(eq(bookingTravellers.bookingId, b.id), inArray(bookingTravellers.id, names.remove)));
  const last = Math.max(0, ...people.map((p) => p.position));
  if (names.add.length) {
    await tx.insert(bookingTravellers).values(
      names.add.map((t, i) => ({
        bookingId: b.id,
        position: last + 1 + i,
        lead: false,
        title: t.title ?? null,
        firstName: t.firstName,
        lastName: t.lastName,
        ageBand: t.ageBand,
        dob: t.dob ?? null,
      })),
    );
  }
  const partyWords = (x: ReturnType<typeof partyOf>) =>
    `${plural(x.adults, 'adult', 'adults')}${x.children ? `, ${plural(x.children, 'child', 'children')}` : ''}, ${plural(x.rooms, 'room', 'rooms')}`;
  const lineParty = (l: Pick<LineRow, 'adults' | 'children' | 'infants' | 'rooms'>) => partyWords(partyOf([l]));
  const changes = [
    ...lines.map((l, i) => (holidayMoved[i] ? `holiday ${l.title} → ${titles[i]}` : '')),
    dateChanges && before.travelDate !== travelDate
      ? `travel date ${formatDay(before.travelDate)} → ${formatDay(travelDate)}`
      : '',
    ...(lines.length > 1
      ? lines.map((l, i) =>
          lineParty(l) !== lineParty(moved[i]!) ? `${titles[i]}: party ${lineParty(l)} → ${lineParty(moved[i]!)}` : '',
        )
      : [
          partyChanges && partyWords(before.party) !== partyWords(partyOf(moved))
            ? `party ${partyWords(before.party)} → ${partyWords(partyOf(moved))}`
            : '',
        ]),
    price.coupon && !price.coupon.kept ? `coupon ${price.coupon.code} removed` : '',
    names.add.length ? `joining: ${names.add.map(nameOf).join(', ')}` : '',
    names.remove.length
      ? `leaving: ${people
          .filter((p) => names.remove.includes(p.id))
          .map(nameOf)
          .join(', ')}`
      : '',
  ].filter(Boolean);
  const cause = `amended by staff: ${changes.join('; ') || 'travellers’ names'}`;
  const [repriced] = await tx.select().from(bookings).where(eq(bookings.id, b.id));

  // Money back: what the booking holds beyond its new price, refunded today under a credit note.
  const back = await amendmentRefund(tx, repriced!);
  const made =
    back > 0
      ? await spreadRefund(tx, b.id, back, {
          // One key per refund row: two amendments in the same millisecond (a fast desk, a test's
          // fixed clock) each make their own. The request's own Idempotency-Key keeps a replay single.
          key: (paymentId) => `amend:${b.id}:${paymentId}:${now.getTime()}:${randomUUID()}`,
          reason: `Amendment: ${cause}`,
          note: `The booking now costs ${m(price.total)}`,
          createdBy: actor.staffId,
          now,
        })
      : [];
  let creditNote: AmendResult['creditNote'] = null;
  let creditNoteId: number | null = null;
  // The refunds into the ledger, the sale money they give back under one credit note (decision 0089).
  const note = await refundWithCreditNote(
    tx,
    repriced!,
    made,
    `Amendment of booking ${b.refIdKey}: ${cause}`,
    actor.staffId,
    now,
  );
  if (note) {
    creditNote = { number: note.number, total: note.total };
    creditNoteId = note.id;
  }
  let after = await deriveBooking(tx, config, b.id, cause, now);
  // A balance due is paid as a pay-later balance is (bank transfer, the desk, or Pay now in My
  // trips), due by the pay-later rule counted from today (3 days before the new date at the latest).
  const latest = payLaterDueOn(siteDay(now, site), travelDate, config.PAY_LATER_DAYS);
  if (after.total > after.amountPaid && after.paymentStatus !== 'unpaid') {
    await tx
      .update(bookings)
      .set({ paymentMethod: 'pay-later', paymentDueOn: latest, paidAt: null })
      .where(eq(bookings.id, b.id));
  } else if (after.paymentDueOn && after.paymentStatus !== 'paid' && after.paymentDueOn > latest) {
    await tx.update(bookings).set({ paymentDueOn: latest }).where(eq(bookings.id, b.id));
  }
  if (after.paymentStatus === b.paymentStatus && after.status === b.status)
    await recordEvent(tx, b.id, after.status, after.paymentStatus, cause, now);
  after = (await tx.select().from(bookings).where(eq(bookings.id, b.id)))[0]!;
  const newLines = await tx
    .select()
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(asc(bookingLines.position));
  const newPeople = await tx
    .select()
    .from(bookingTravellers)
    .where(eq(bookingTravellers.bookingId, b.id))
    .orderBy(asc(bookingTravellers.position));
  const afterSide = sideOf(after, newLines, newPeople);
  const difference = afterSide.total - before.total;
  const settlement: AmendResult['settlement'] =
    back > 0
      ? { kind: 'refund', amount: back }
      : difference > 0 && afterSide.amountDue > 0
        ? { kind: 'due', amount: afterSide.amountDue }
        : { kind: 'none', amount: 0 };

  await audit({
    action: 'bookings.amend',
    recordType: 'booking',
    recordId: b.refIdKey,
    before: {
      travelDate: before.travelDate,
      lines: before.lines,
      party: before.party,
      travellers: before.travellers,
      total: before.total,
      amountPaid: before.amountPaid,
      paymentStatus: before.paymentStatus,
      coupon: b.couponCode,
    },
    after: {
      travelDate: afterSide.travelDate,
      lines: afterSide.lines,
      party: afterSide.party,
      travellers: afterSide.travellers,
      total: afterSide.total,
      amountPaid: afterSide.amountPaid,
      paymentStatus: afterSide.paymentStatus,
      coupon: price.coupon ? (price.coupon.kept ? price.coupon.code : null) : b.couponCode,
      difference,
      settlement,
      creditNote: creditNote?.number ?? null,
      refunds: made.map((r) => r.id),
    },
  });
  const mailed = await mailAmendment(
    tx,
    config,
    after,
    { before, after: afterSide, difference, settlement, creditNote, creditNoteId },
    now,
  );
  const coupon = price.coupon ? { code: price.coupon.code, kept: price.coupon.kept, note: price.coupon.note } : null;
  const result: AmendResult = {
    RefIdKey: b.refIdKey,
    Currency: b.currency,
    confirmed: confirm,
    difference,
    before,
    after: afterSide,
    coupon,
    settlement,
    creditNote,
    refunds: made.map((r) => r.id),
    mailed,
    failures: [],
  };
  if (!confirm) throw new Preview({ ...result, creditNote: null, refunds: [], mailed: false });
  const failures: string[] = [];
  const send = made.filter((r) => r.provider !== 'manual').map((r) => r.id);
  // After the commit: gateway refunds to their providers (the outbox is kicked after them).
  if (send.length)
    afterCommit(async (db) => void failures.push(...(await sendAmendmentRefunds(db, config, send, now))));
  return { result, failures };
}

/**
 * The traveller's mail: the new trip, its figures, how the difference is settled, with the invoice, vouchers and credit
 * note.
 */
async function mailAmendment(
  tx: Db,
  config: Config,
  b: BookingRow,
  a: {
    before: AmendSide;
    after: AmendSide;
    difference: number;
    settlement: AmendResult['settlement'];
    creditNote: AmendResult['creditNote'];
    creditNoteId: number | null;
  },
  now: Date,
): Promise<boolean> {
  const d = await bookingDetail(tx, config, b.userId, b.refIdKey);
  const lead = d.travellers.find((t) => t.lead);
  if (!lead?.email) return false;
  const shop = shopDetails(config, b.site);
  const m = (amount: number) => formatMinor(amount, d.Currency);
  const moved = a.before.travelDate !== a.after.travelDate;
  const swapped = a.after.lines.filter((l) =>
    a.before.lines.some((x) => x.position === l.position && x.packageId !== l.packageId),
  );
  const blocks: MailBlock[] = [
    {
      p: [
        swapped.length
          ? `We have changed booking ${d.RefIdKey} as agreed: your holiday is now ${swapped.map((l) => `${l.title} from ${formatTravelDate(l.travelDate)}`).join(' and ')}.`
          : moved
            ? `We have changed booking ${d.RefIdKey} as agreed: it now starts on ${formatTravelDate(a.after.travelDate)} (it was ${formatTravelDate(a.before.travelDate)}).`
            : `We have changed booking ${d.RefIdKey} as agreed: its party and rooms are as below.`,
        `Travelling: ${a.after.travellers.join(', ')}.`,
      ].join('\n'),
    },
    {
      rows: d.lines.map((l) => ({
        label: `${l.title}, ${l.city}: ${l.nights} nights from ${formatTravelDate(l.travelDate)}, ${partyText(l)}`,
        value: m(l.amount),
      })),
    },
    {
      rows: [
        { label: 'Total before the change', value: m(a.before.total) },
        { label: 'New total', value: m(a.after.total), strong: true },
        ...(a.after.amountPaid ? [{ label: 'Paid', value: m(a.after.amountPaid) }] : []),
      ],
    },
  ];
  if (a.settlement.kind === 'due') {
    blocks.push({
      p: `The change costs ${m(a.difference)} more: ${m(a.settlement.amount)} is now due${d.paymentDueOn ? ` by ${formatDay(d.paymentDueOn)}` : ''}. Pay it by bank transfer quoting ${d.RefIdKey}${d.payOnline ? ', or online with "Pay now" in My trips' : ''}, or call us on ${shop.phone} to pay by card.`,
    });
  } else if (a.settlement.kind === 'refund') {
    blocks.push({
      p: `The change costs less: we are refunding ${m(a.settlement.amount)} the way you paid; card and bank refunds can take 5 to 10 working days to show.${a.creditNote ? ` Credit note ${a.creditNote.number} is attached.` : ''}`,
    });
  } else if (a.after.amountDue > 0) {
    blocks.push({
      p: `To pay: ${m(a.after.amountDue)}${d.paymentDueOn ? ` by ${formatDay(d.paymentDueOn)}` : ''}, quoting ${d.RefIdKey}.`,
    });
  }
  blocks.push(
    {
      p: vouchersIssued(b)
        ? 'Your invoice and your new vouchers are attached: the old vouchers are no longer valid.'
        : 'Your invoice for the changed booking is attached; the vouchers come once the booking is paid in full.',
    },
    { link: { text: 'See your booking in My trips', button: 'Open my booking', url: tripUrlOf(config, d) } },
    { p: `Questions? Call ${shop.phone} and quote ${d.RefIdKey}.` },
  );
  const attachments: OutboxAttachment[] = [{ type: 'invoice', bookingId: b.id }];
  if (vouchersIssued(b)) attachments.push({ type: 'vouchers', bookingId: b.id });
  if (a.creditNoteId !== null) attachments.push({ type: 'credit-note', bookingId: b.id, creditNoteId: a.creditNoteId });
  return enqueueMail(tx, {
    kind: 'booking-amended',
    dedupeKey: `amended:${b.id}:${now.getTime()}`,
    bookingId: b.id,
    message: {
      to: lead.email,
      subject: swapped.length
        ? `Booking ${d.RefIdKey} changed: now ${swapped.map((l) => l.title).join(' and ')}`
        : moved
          ? `Booking ${d.RefIdKey} changed: now from ${formatDay(a.after.travelDate)}`
          : `Booking ${d.RefIdKey} changed: party and rooms`,
      ...laidOut({
        shop,
        heading: moved ? 'Your booking has new dates' : 'Your booking has changed',
        preheader: moved
          ? `Booking ${d.RefIdKey} now starts on ${formatDay(a.after.travelDate)}.`
          : `Booking ${d.RefIdKey}: ${a.after.travellers.length} travelling.`,
        greeting: greetingOf(lead),
        blocks,
      }),
      attachments,
    },
  });
}

/**
 * POST /api/admin/bookings/<ref>/amend, in the caller's transaction (the idempotency claim's): the
 * preview rolls its own savepoint back and answers the figures; a confirmed amendment is applied.
 */
export async function amendBooking(
  tx: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  input: AmendRequest,
  now: Date,
): Promise<Applied> {
  try {
    return await staffAction(tx, actor, now, (scope) => apply(scope, config, actor, ref, input, now));
  } catch (err) {
    if (err instanceof Preview) return { result: err.result, failures: [] };
    throw err;
  }
}

/** After the commit: each gateway refund of the amendment to its provider; a refused one waits in the refund queue. */
export async function sendAmendmentRefunds(db: Db, config: Config, ids: number[], now: Date): Promise<string[]> {
  const failures: string[] = [];
  for (const id of ids) {
    try {
      await sendRefund(db, config, id, () => now);
    } catch (err) {
      failures.push(
        err instanceof RefundRefused ? err.message : `The refund could not be sent: ${(err as Error).message}`,
      );
    }
  }
  return failures;
}
