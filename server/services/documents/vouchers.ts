import { inArray } from 'drizzle-orm';
import type { BookingDetail } from '../../../contract/booking.ts';
import { DOCUMENT_MESSAGES, type Voucher, type VoucherSet } from '../../../contract/documents.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { packages, suppliers, type ItineraryDay, type PackageStay } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import type { ShopDetails } from '../shop-details.ts';
import { qrSvg } from './qr.ts';
import { confirmedNumbers, withConfirmation } from '../desk/supplier-numbers.ts';
import { documentSource, fullName, pdfUrl, type DocumentSource } from './source.ts';
import { addDays, siteDay } from '../../../contract/calendar.ts';

/*
 * A confirmed booking's vouchers: for each booked package, one voucher per stay of the package (its
 * own place, nights and hotel, resort or houseboat, from `packages.stays`), its transfers (the
 * airport legs and the moves between stays) and one voucher per sightseeing day of its itinerary
 * (the days between arrival and departure). Transfers and tours are the destination's local desks
 * (the suppliers table). What a voucher says is included comes from the package's inclusions only,
 * and the exclusions paid locally are said as such, so no voucher promises what the package leaves out.
 */

type Supplier = typeof suppliers.$inferSelect;
type Desk = Omit<Supplier, 'cityId' | 'kind'>;
type Line = BookingDetail['lines'][number];

/** What the builder needs of a booked line: the package's title and city, the date, nights and party. */
export type VoucherLine = Pick<
  Line,
  'title' | 'city' | 'travelDate' | 'nights' | 'adults' | 'children' | 'infants' | 'rooms'
>;

export interface PackageFacts {
  itinerary: ItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  stays: PackageStay[];
}

export interface Desks {
  transfer: Desk;
  sightseeing: Desk;
  /** Stands in for a stay's supplier on a package without stays (edited away). */
  fallback: Desk;
}

/** Accommodation and its meal plan ... */
const STAY = /\bnights?\b|\bstay\b|breakfast|half board|all-inclusive|all meals|green tax/i;
/** Getting there and around: transfers, drivers, boats and rail passes ... */
const TRANSFER = /\btransfers?\b|\bdriver\b|chauffeur|\bferries\b|ferry tickets|travel pass|\bprivate (car|suv|4x4)\b/i;
/** A vehicle or a tour manager with the group from arrival to departure: that is the transfer too. */
const CARRIED = /\b(driver|chauffeur|coach|tempo traveller)\b|tour manager/i;
/** ... but not a tour or an activity that comes with its own transfers. */
const ACTIVITY = /\b(tours?|safari|trips?|excursion|course|market|balloon|park|trail|snorkell?ing)\b/i;
/** An exclusion the traveller pays on the spot (a tourism fee, a green tax, a city tax). */
const PAID_LOCALLY = /\b(payable|paid)\b.*\b(at|locally|directly|on)\b/i;
/**
 * Ways of crossing water or air that a desk's or a resort's note may be about ("Luggage on
 * seaplanes: 20 kg …"). A destination's desk serves every package there, by speedboat or by
 * seaplane: a note naming a way the package's own inclusions and title do not name is not for its
 * travellers, and stays off its vouchers (issue 34: the Maldives speedboat transfer said seaplane).
 */
const WAYS = [/\bsea-?planes?\b/i, /\bspeed-?boats?\b/i, /\bhelicopters?\b/i];
function notesOfPackage(notes: string[], packageText: string): string[] {
  return notes.filter((n) => WAYS.every((way) => !way.test(n) || way.test(packageText)));
}

/** Words of a day's title too common to tie an inclusion to that day. */
const COMMON = new Set([
  'with',
  'from',
  'tour',
  'tours',
  'trip',
  'day',
  'days',
  'dinner',
  'lunch',
  'breakfast',
  'arrive',
  'departure',
  'transfer',
  'free',
  'evening',
  'morning',
  'sunset',
  'sunrise',
  'and',
  'the',
  'by',
  'via',
  'to',
]);

const KIND_TITLE: Record<PackageStay['kind'], string> = {
  hotel: 'Hotel stay',
  resort: 'Resort stay',
  houseboat: 'Houseboat stay',
  lodge: 'Lodge stay',
  camp: 'Camp stay',
};

/** The shop itself stands in for a supplier a destination does not have yet. */
function shopAsSupplier(shop: ShopDetails): Desk {
  return {
    name: shop.tradeName,
    address: shop.address,
    phone: shop.phone,
    email: shop.email,
    meetingPoint: null,
    checkIn: null,
    checkOut: null,
    notes: [],
  };
}

const supplierOf = (s: Pick<Supplier, 'name' | 'address' | 'phone' | 'email'>) => ({
  name: s.name,
  address: s.address,
  phone: s.phone,
  email: s.email,
});
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The package's inclusions that belong to one day of its itinerary: they name a distinctive word of the day's title.
 */
function dayInclusions(title: string, inclusions: string[], city: string): string[] {
  const skip = new Set([...COMMON, ...city.toLowerCase().split(/\s+/)]);
  const words = title
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4 && /^\p{Lu}/u.test(w) && !skip.has(w.toLowerCase()));
  if (!words.length) return [];
  const re = new RegExp(`(^|[^\\p{L}])(${words.map(escape).join('|')})([^\\p{L}]|$)`, 'iu');
  return inclusions.filter((i) => re.test(i));
}

/** Stays as booked: the package's, or one stay at the fallback supplier for a package that has none. */
function staysFor(line: VoucherLine, pkg: PackageFacts | undefined, fallback: Desk): PackageStay[] {
  if (pkg?.stays.length) return pkg.stays;
  return [
    {
      place: line.city,
      nights: line.nights,
      kind: 'hotel',
      supplier: {
        ...supplierOf(fallback),
        checkIn: fallback.checkIn ?? '',
        checkOut: fallback.checkOut ?? '',
        notes: fallback.notes,
      },
    },
  ];
}

/**
 * The vouchers of one booked package, in order: its stays, its transfers, its sightseeing days. Pure, so every package
 * can be checked without a booking.
 */
export function packageVouchers(
  line: VoucherLine,
  position: number,
  pkg: PackageFacts | undefined,
  desks: Desks,
): Omit<Voucher, 'number'>[] {
  const { transfer, sightseeing } = desks;
  const guests = partyText(line);
  const passengers = guests.replace(/, \d+ rooms?$/, '');
  const common = { position, packageTitle: line.title, city: line.city };
  const inclusions = pkg?.inclusions ?? [];
  const stayIncluded = inclusions.filter((i) => STAY.test(i) && !(TRANSFER.test(i) && !/\bnights?\b/i.test(i)));
  const transferIncluded = inclusions.filter(
    (i) => (TRANSFER.test(i) || CARRIED.test(i)) && (!ACTIVITY.test(i) || CARRIED.test(i)) && !STAY.test(i),
  );
  const payLocally = (pkg?.exclusions ?? []).filter((e) => PAID_LOCALLY.test(e));
  const itinerary = pkg?.itinerary ?? [];
  const airport = transfer.meetingPoint ?? 'the airport';
  const stays = staysFor(line, pkg, desks.fallback);
  const own = (notes: string[]) => notesOfPackage(notes, [line.title, ...inclusions].join(' | '));
  const checkOut = addDays(line.travelDate, line.nights);

  // Each stay from the travel date plus the nights of the stays before it.
  let before = 0;
  const dated = stays.map((stay) => {
    const from = addDays(line.travelDate, before);
    before += stay.nights;
    return { stay, from, to: addDays(line.travelDate, before), firstNight: before - stay.nights };
  });
  const out: Omit<Voucher, 'number'>[] = dated.map(({ stay, from, to }, i) => {
    const h = stay.supplier;
    return {
      ...common,
      kind: 'stay' as const,
      title: `${KIND_TITLE[stay.kind]} in ${stay.place}`,
      place: stay.place,
      ...(stays.length > 1 ? { stay: { index: i + 1, of: stays.length } } : {}),
      startDate: from,
      endDate: to,
      supplier: supplierOf(h),
      details: [
        { label: 'Check-in', value: `${formatTravelDate(from)}${h.checkIn ? `, from ${h.checkIn}` : ''}` },
        { label: 'Check-out', value: `${formatTravelDate(to)}${h.checkOut ? `, by ${h.checkOut}` : ''}` },
        {
          label: 'Nights',
          value:
            stays.length > 1
              ? `${stay.nights} (stay ${i + 1} of ${stays.length}: ${stays.map((s) => `${s.place} ${s.nights}`).join(', ')})`
              : String(stay.nights),
        },
        { label: 'Guests', value: guests },
      ],
      included: stayIncluded,
      payLocally,
      notes: own(h.notes),
    };
  });

  const at = (s: PackageStay) => `${s.supplier.name}, ${s.place}`;
  const moves = dated.slice(1).flatMap(({ stay, from, firstNight }, i) => {
    const prev = dated[i]!.stay;
    if (prev.supplier.name === stay.supplier.name) return [];
    return [
      { label: `Transfer, day ${firstNight + 1}`, value: `${formatTravelDate(from)}: ${at(prev)} to ${at(stay)}` },
    ];
  });
  out.push({
    ...common,
    kind: 'transfer',
    title: moves.length ? 'Airport and between-hotel transfers' : 'Airport transfers',
    startDate: line.travelDate,
    endDate: checkOut,
    supplier: supplierOf(transfer),
    details: [
      { label: 'Arrival', value: `${formatTravelDate(line.travelDate)}: ${airport} to ${at(stays[0]!)}` },
      ...moves,
      { label: 'Departure', value: `${formatTravelDate(checkOut)}: ${at(stays.at(-1)!)} to ${airport}` },
      { label: 'Passengers', value: passengers },
    ],
    included: transferIncluded,
    notes: own(transfer.notes),
  });

  for (const day of itinerary.slice(1, -1)) {
    const date = addDays(line.travelDate, day.day - 1);
    // Where the travellers slept the night before (a tour collects them there).
    const night =
      dated.find((d) => d.firstNight <= day.day - 2 && day.day - 2 < d.firstNight + d.stay.nights) ?? dated[0]!;
    out.push({
      ...common,
      kind: 'sightseeing',
      title: day.title,
      startDate: date,
      endDate: date,
      supplier: supplierOf(sightseeing),
      details: [
        { label: 'Day', value: `Day ${day.day}, ${formatTravelDate(date)}` },
        { label: 'Pick-up', value: at(night.stay) },
        { label: 'Guests', value: passengers },
        { label: 'Plan', value: day.description },
      ],
      included: dayInclusions(
        day.title,
        inclusions.filter((i) => !STAY.test(i) && !transferIncluded.includes(i)),
        line.city,
      ),
      notes: own(sightseeing.notes),
    });
  }
  return out;
}

/**
 * A reference's QR as SVG, drawn once: encoding tries every mask pattern (several milliseconds a
 * code) and a booking's is read at every voucher call and version (docs/decisions/0107).
 */
const qrDrawn = new Map<string, string>();
function qrOf(ref: string): string {
  let svg = qrDrawn.get(ref);
  if (svg === undefined) {
    svg = qrSvg(ref);
    // Bounded: the oldest drawn goes first.
    if (qrDrawn.size >= 2000) qrDrawn.delete(qrDrawn.keys().next().value!);
    qrDrawn.set(ref, svg);
  }
  return svg;
}

/**
 * Every voucher of one of the traveller's confirmed bookings (and when they were issued, the PDF's date), or why it has
 * none.
 */
export async function vouchersFor(
  db: Db,
  config: Config,
  userId: number,
  bookingId: number,
): Promise<{ document: VoucherSet; issuedAt: Date }> {
  return voucherSetOf(db, await documentSource(db, config, userId, bookingId));
}

/** The vouchers made from a booking's source already read (the documents' versions share one: docs/decisions/0107). */
export async function voucherSetOf(db: Db, src: DocumentSource): Promise<{ document: VoucherSet; issuedAt: Date }> {
  const { detail: d, site, shop } = src;
  if (d.Status === 'cancelled') throw conflict(DOCUMENT_MESSAGES.vouchersCancelled);
  if (d.Status !== 'confirmed') throw conflict(DOCUMENT_MESSAGES.vouchersAwaitingPayment);
  // Pay later: the suppliers' vouchers come with the balance, never before it is received in full;
  // a booking that had them under the older rules keeps them, with the balance said (decision 0093).
  if (!d.vouchersIssued) throw conflict(DOCUMENT_MESSAGES.vouchersAfterBalance);

  const ids = [...new Set(d.lines.map((l) => l.packageId))];
  const pkgs = new Map(
    (
      await db
        .select({
          id: packages.id,
          cityId: packages.cityId,
          itinerary: packages.itinerary,
          inclusions: packages.inclusions,
          exclusions: packages.exclusions,
          stays: packages.stays,
        })
        .from(packages)
        .where(inArray(packages.id, ids))
    ).map((p) => [p.id, p]),
  );
  const cityIds = [...new Set([...pkgs.values()].map((p) => p.cityId))];
  const rows = cityIds.length ? await db.select().from(suppliers).where(inArray(suppliers.cityId, cityIds)) : [];
  const fallback = shopAsSupplier(shop);
  // A supplier's confirmation number, once confirmed on the desk, on its service's vouchers (docs/decisions/0098).
  const numbers = await confirmedNumbers(db, d.BookingId);

  const vouchers = d.lines
    .flatMap((line, i) => {
      const pkg = pkgs.get(line.packageId);
      const of = (kind: Supplier['kind']) => rows.find((s) => s.cityId === pkg?.cityId && s.kind === kind) ?? fallback;
      return packageVouchers(line, i + 1, pkg, {
        transfer: of('transfer'),
        sightseeing: of('sightseeing'),
        fallback: of('hotel'),
      }).map((v) => withConfirmation(v, i, numbers));
    })
    .map((v, i) => ({ ...v, number: `${d.RefIdKey}-${String(i + 1).padStart(2, '0')}` }));

  const owed = d.PaymentStatus !== 'paid' && d.amountDue > 0;
  const lead = d.travellers.find((t) => t.lead);
  const set: VoucherSet = {
    BookingId: d.BookingId,
    RefIdKey: d.RefIdKey,
    site,
    status: d.Status,
    paymentStatus: d.PaymentStatus,
    issuedOn: siteDay(src.issuedAt, site),
    travellers: d.travellers.map((t) => ({ name: fullName(t), ageBand: t.ageBand, lead: t.lead })),
    leadContact: { phone: lead?.phone ?? null, email: lead?.email ?? null },
    qr: { text: d.RefIdKey, svg: qrOf(d.RefIdKey) },
    paymentDue: owed
      ? {
          amount: d.amountDue,
          currency: d.Currency,
          dueOn: d.paymentDueOn,
          text: `Balance of ${formatMinor(d.amountDue, d.Currency)} due to ${shop.tradeName}${d.paymentDueOn ? ` by ${formatDay(d.paymentDueOn)}` : ''}. Nothing is payable to the supplier for the services on this voucher.`,
        }
      : null,
    help: { name: shop.tradeName, phone: shop.phone, email: shop.email },
    vouchers,
    pdf: { filename: `vouchers-${d.RefIdKey}.pdf`, url: pdfUrl(d.links.vouchers) },
  };
  return { document: set, issuedAt: src.issuedAt };
}
