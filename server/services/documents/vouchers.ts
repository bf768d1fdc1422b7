import { inArray } from 'drizzle-orm';
import type { BookingDetail } from '../../../contract/booking.ts';
import { DOCUMENT_MESSAGES, type Voucher, type VoucherSet } from '../../../contract/documents.ts';
import { formatDay, formatMinor, formatTravelDate, partyText } from '../../../contract/format.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { packages, suppliers, type ItineraryDay } from '../../db/schema.ts';
import { conflict } from '../../lib/envelope.ts';
import type { ShopDetails } from '../shop-details.ts';
import { qrSvg } from './qr.ts';
import { addDays, documentSource, fullName, pdfUrl, siteDay } from './source.ts';

/*
 * A confirmed booking's vouchers: for each booked package, its hotel stay, its airport transfers
 * and one voucher per sightseeing day of its itinerary (the days between arrival and departure;
 * those two days are the transfer voucher's legs). Suppliers are the destination's (the suppliers
 * table); the itinerary and inclusions are the package's as the catalogue has them now.
 */

type Supplier = typeof suppliers.$inferSelect;
type Line = BookingDetail['lines'][number];

interface PackageFacts {
  cityId: number;
  itinerary: ItineraryDay[];
  inclusions: string[];
}

const STAY = /\bnights?\b/i;
/** Getting there and around: transfers, drivers, boats and rail passes ... */
const TRANSFER = /\btransfers?\b|\bdriver\b|chauffeur|\bferries\b|ferry tickets|travel pass|\bprivate (car|suv|4x4)\b/i;
/** ... but not a tour or an activity that comes with its own transfers. */
const ACTIVITY = /\b(tours?|safari|trips?|excursion|course|market|balloon|park|trail|snorkell?ing)\b/i;

/** The shop itself stands in for a supplier a destination does not have yet. */
function shopAsSupplier(shop: ShopDetails): Omit<Supplier, 'cityId' | 'kind'> {
  return { name: shop.tradeName, address: shop.address, phone: shop.phone, email: shop.email, meetingPoint: null, checkIn: null, checkOut: null, notes: [] };
}

const supplierOf = (s: Pick<Supplier, 'name' | 'address' | 'phone' | 'email'>) => ({ name: s.name, address: s.address, phone: s.phone, email: s.email });

function lineVouchers(line: Line, position: number, pkg: PackageFacts | undefined, of: (kind: Supplier['kind']) => Omit<Supplier, 'cityId' | 'kind'>): Omit<Voucher, 'number'>[] {
  const hotel = of('hotel');
  const transfer = of('transfer');
  const sightseeing = of('sightseeing');
  const checkOut = addDays(line.travelDate, line.nights);
  const guests = partyText(line);
  const common = { position, packageTitle: line.title, city: line.city };
  const inclusions = pkg?.inclusions ?? [];
  const stayIncluded = inclusions.filter((i) => STAY.test(i));
  const transferIncluded = inclusions.filter((i) => TRANSFER.test(i) && !ACTIVITY.test(i) && !STAY.test(i));
  const itinerary = pkg?.itinerary ?? [];
  const airport = transfer.meetingPoint ?? 'the airport';
  const out: Omit<Voucher, 'number'>[] = [
    {
      ...common,
      kind: 'stay',
      title: 'Hotel stay',
      startDate: line.travelDate,
      endDate: checkOut,
      supplier: supplierOf(hotel),
      details: [
        { label: 'Check-in', value: `${formatTravelDate(line.travelDate)}${hotel.checkIn ? `, from ${hotel.checkIn}` : ''}` },
        { label: 'Check-out', value: `${formatTravelDate(checkOut)}${hotel.checkOut ? `, by ${hotel.checkOut}` : ''}` },
        { label: 'Nights', value: String(line.nights) },
        { label: 'Guests', value: guests },
      ],
      included: stayIncluded.length ? stayIncluded : [`${line.nights} nights’ accommodation`],
      notes: hotel.notes,
    },
    {
      ...common,
      kind: 'transfer',
      title: 'Airport transfers',
      startDate: line.travelDate,
      endDate: checkOut,
      supplier: supplierOf(transfer),
      details: [
        { label: 'Arrival', value: `${formatTravelDate(line.travelDate)}: ${airport} to ${hotel.name}` },
        { label: 'Departure', value: `${formatTravelDate(checkOut)}: ${hotel.name} to ${airport}` },
        { label: 'Passengers', value: guests.replace(/, \d+ rooms?$/, '') },
        ...(itinerary.length ? [{ label: 'Day 1', value: itinerary[0]!.title }, { label: `Day ${itinerary.length}`, value: itinerary.at(-1)!.title }] : []),
      ],
      included: transferIncluded.length ? transferIncluded : ['Arrival and departure transfers'],
      notes: transfer.notes,
    },
  ];
  for (const day of itinerary.slice(1, -1)) {
    const date = addDays(line.travelDate, day.day - 1);
    out.push({
      ...common,
      kind: 'sightseeing',
      title: day.title,
      startDate: date,
      endDate: date,
      supplier: supplierOf(sightseeing),
      details: [
        { label: 'Day', value: `Day ${day.day}, ${formatTravelDate(date)}` },
        { label: 'Guests', value: guests.replace(/, \d+ rooms?$/, '') },
      ],
      included: [day.description],
      notes: sightseeing.notes,
    });
  }
  return out;
}

/** Every voucher of one of the traveller's confirmed bookings (and when they were issued, the PDF's date), or why it has none. */
export async function vouchersFor(db: Db, config: Config, userId: number, bookingId: number): Promise<{ document: VoucherSet; issuedAt: Date }> {
  const src = await documentSource(db, config, userId, bookingId);
  const { detail: d, site, shop } = src;
  if (d.Status === 'cancelled') throw conflict(DOCUMENT_MESSAGES.vouchersCancelled);
  if (d.Status !== 'confirmed') throw conflict(DOCUMENT_MESSAGES.vouchersAwaitingPayment);
  // Pay later: the suppliers' vouchers come with the balance, never before it is received in full.
  if (d.PaymentStatus !== 'paid') throw conflict(DOCUMENT_MESSAGES.vouchersAfterBalance);

  const ids = [...new Set(d.lines.map((l) => l.packageId))];
  const pkgs = new Map(
    (await db.select({ id: packages.id, cityId: packages.cityId, itinerary: packages.itinerary, inclusions: packages.inclusions }).from(packages).where(inArray(packages.id, ids))).map(
      (p) => [p.id, p],
    ),
  );
  const cityIds = [...new Set([...pkgs.values()].map((p) => p.cityId))];
  const rows = cityIds.length ? await db.select().from(suppliers).where(inArray(suppliers.cityId, cityIds)) : [];
  const fallback = shopAsSupplier(shop);

  const vouchers = d.lines
    .flatMap((line, i) => {
      const pkg = pkgs.get(line.packageId);
      const of = (kind: Supplier['kind']) => rows.find((s) => s.cityId === pkg?.cityId && s.kind === kind) ?? fallback;
      return lineVouchers(line, i + 1, pkg, of);
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
    qr: { text: d.RefIdKey, svg: qrSvg(d.RefIdKey) },
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
