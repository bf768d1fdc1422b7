import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import {
  SUPPLIER_MESSAGES,
  type BookingSupplierConfirmations,
  type SetSupplierResult,
  type SupplierDueItem,
  type SupplierLine,
  type SupplierService,
  type SupplierStatus,
} from '../../../contract/desk-suppliers.ts';
import type { Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  bookingLines,
  bookings,
  bookingTravellers,
  packages,
  staff,
  supplierConfirmations,
  suppliers,
} from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { vouchersIssued } from '../bookings/records.ts';
import { fullName } from '../documents/source.ts';
import { packageVouchers, type Desks } from '../documents/vouchers.ts';
import { shopDetails } from '../shop-details.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';
import { bookingByRef } from './detail.ts';
import { lockedBooking } from './payments.ts';
import { mailUpdatedVouchers } from './travellers.ts';
import { serviceOf } from './supplier-numbers.ts';
import { addDays, siteDays } from '../../../contract/calendar.ts';

/*
 * Suppliers' confirmations (docs/decisions/0098). A booked line is a package; its suppliers are the
 * ones its vouchers name: each stay's hotel, the destination's transfer desk and its sightseeing
 * desk. Each of those services gets its own status and number, set on the desk (suppliers.confirm),
 * audited; a confirmed number goes on the service's vouchers and, once the traveller holds vouchers,
 * mails them the updated set through the outbox.
 */

type LineRow = Pick<
  typeof bookingLines.$inferSelect,
  | 'id'
  | 'position'
  | 'packageId'
  | 'title'
  | 'city'
  | 'travelDate'
  | 'nights'
  | 'adults'
  | 'children'
  | 'infants'
  | 'rooms'
>;
type ServiceOfLine = Pick<SupplierService, 'service' | 'label' | 'supplier' | 'startDate'>;

/** Each line's services, as its vouchers split them (the same builder, so the keys always match the vouchers'). */
async function servicesOfLines(
  db: Db,
  config: Config,
  site: Site,
  lines: LineRow[],
): Promise<Map<number, ServiceOfLine[]>> {
  const ids = [...new Set(lines.map((l) => l.packageId))];
  const pkgs = new Map(
    (ids.length
      ? await db
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
      : []
    ).map((p) => [p.id, p]),
  );
  const cityIds = [...new Set([...pkgs.values()].map((p) => p.cityId))];
  const rows = cityIds.length ? await db.select().from(suppliers).where(inArray(suppliers.cityId, cityIds)) : [];
  const shop = shopDetails(config, site);
  const fallback: Desks['fallback'] = {
    name: shop.tradeName,
    address: shop.address,
    phone: shop.phone,
    email: shop.email,
    meetingPoint: null,
    checkIn: null,
    checkOut: null,
    notes: [],
  };
  const out = new Map<number, ServiceOfLine[]>();
  for (const line of lines) {
    const pkg = pkgs.get(line.packageId);
    const of = (kind: 'hotel' | 'transfer' | 'sightseeing') =>
      rows.find((s) => s.cityId === pkg?.cityId && s.kind === kind) ?? fallback;
    const vouchers = packageVouchers(line, line.position, pkg, {
      transfer: of('transfer'),
      sightseeing: of('sightseeing'),
      fallback: of('hotel'),
    });
    const services: ServiceOfLine[] = [];
    for (const v of vouchers) {
      const key = serviceOf(v);
      const had = services.find((s) => s.service === key);
      if (had) {
        // Sightseeing days share one local desk: one confirmation, its label counting the days.
        had.label = `Sightseeing, ${vouchers.filter((x) => x.kind === 'sightseeing').length} days`;
        continue;
      }
      services.push({
        service: key,
        label: v.kind === 'sightseeing' ? 'Sightseeing, 1 day' : v.title,
        supplier: v.supplier.name,
        startDate: v.startDate,
      });
    }
    out.set(line.id, services);
  }
  return out;
}

const lineColumns = {
  id: bookingLines.id,
  bookingId: bookingLines.bookingId,
  position: bookingLines.position,
  packageId: bookingLines.packageId,
  title: bookingLines.title,
  city: bookingLines.city,
  travelDate: bookingLines.travelDate,
  nights: bookingLines.nights,
  adults: bookingLines.adults,
  children: bookingLines.children,
  infants: bookingLines.infants,
  rooms: bookingLines.rooms,
};

async function confirmationsOf(db: Db, bookingIds: number[]) {
  if (!bookingIds.length) return [];
  return db
    .select({ c: supplierConfirmations, email: staff.email })
    .from(supplierConfirmations)
    .leftJoin(staff, eq(staff.id, supplierConfirmations.staffId))
    .where(inArray(supplierConfirmations.bookingId, bookingIds));
}

/** A booking's lines with each service's confirmation (missing until set). */
export async function bookingSuppliers(db: Db, config: Config, ref: string): Promise<BookingSupplierConfirmations> {
  const b = await bookingByRef(db, ref);
  const lines = await db
    .select(lineColumns)
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, b.id))
    .orderBy(asc(bookingLines.position));
  const services = await servicesOfLines(db, config, b.site, lines);
  const set = await confirmationsOf(db, [b.id]);
  const out: SupplierLine[] = lines.map((l) => ({
    lineId: l.id,
    position: l.position,
    packageTitle: l.title,
    city: l.city,
    travelDate: l.travelDate,
    services: (services.get(l.id) ?? []).map((s) => {
      const row = set.find((r) => r.c.lineId === l.id && r.c.service === s.service);
      return {
        ...s,
        status: row?.c.status ?? 'missing',
        number: row?.c.number ?? null,
        note: row?.c.note ?? '',
        setBy: row ? row.email : null,
        setAt: row ? row.c.updatedAt.toISOString() : null,
      };
    }),
  }));
  return { RefIdKey: b.refIdKey, status: b.status, lines: out };
}

export interface SupplierInput {
  /** Omitted: the line's first stay (the hotel), the supplier most bookings wait on. */
  service?: string;
  status: SupplierStatus;
  number?: string;
  note?: string;
}

/**
 * Sets one service's confirmation (suppliers.confirm): a confirmed status needs the number; a
 * cancelled booking is refused (409); the same values again change nothing (400). Audited before
 * and after; a newly confirmed number on vouchers the traveller holds mails them the new set.
 */
export async function setSupplierConfirmation(
  db: Db,
  config: Config,
  actor: Actor & { staffId: number },
  ref: string,
  lineId: number,
  input: SupplierInput,
  now = new Date(),
): Promise<SetSupplierResult> {
  const number = input.number?.trim() || null;
  const note = input.note?.trim() ?? '';
  if (input.status === 'confirmed' && !number) throw invalid(SUPPLIER_MESSAGES.numberNeeded);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const b = await lockedBooking(tx, ref);
    if (b.status === 'cancelled') throw conflict(SUPPLIER_MESSAGES.cancelled);
    const [line] = await tx
      .select(lineColumns)
      .from(bookingLines)
      .where(and(eq(bookingLines.id, lineId), eq(bookingLines.bookingId, b.id)));
    if (!line) throw notFound(SUPPLIER_MESSAGES.lineNotFound);
    const services = (await servicesOfLines(tx, config, b.site, [line])).get(line.id) ?? [];
    const key =
      input.service?.trim() || services.find((s) => s.service.startsWith('stay-'))?.service || services[0]?.service;
    const svc = services.find((s) => s.service === key);
    if (!svc) throw invalid(SUPPLIER_MESSAGES.serviceNotFound(services.map((s) => s.service)));
    const [old] = await tx
      .select()
      .from(supplierConfirmations)
      .where(and(eq(supplierConfirmations.lineId, line.id), eq(supplierConfirmations.service, svc.service)));
    // The number is kept while requested or declined only if given again: a status without it clears it.
    if (old && old.status === input.status && old.number === number && old.note === note)
      throw invalid(SUPPLIER_MESSAGES.unchanged);
    const values = { status: input.status, number, note, staffId: actor.staffId, updatedAt: now };
    if (old) await tx.update(supplierConfirmations).set(values).where(eq(supplierConfirmations.id, old.id));
    else
      await tx
        .insert(supplierConfirmations)
        .values({ bookingId: b.id, lineId: line.id, service: svc.service, ...values });

    // A new number on vouchers the traveller already holds (paid in full, or kept under the older pay-later rules,
    // decision 0093).
    const newNumber = input.status === 'confirmed' && !(old?.status === 'confirmed' && old.number === number);
    const vouchersMailed =
      newNumber &&
      vouchersIssued(b) &&
      (await mailUpdatedVouchers(
        tx,
        config,
        b,
        `supplier-confirmed:${b.id}:${line.id}:${svc.service}:${now.getTime()}`,
        `${svc.supplier} has confirmed your ${svc.label.toLowerCase()} (${line.title}) for booking ${b.refIdKey}: confirmation number ${number}. Your updated vouchers, with the number on them, are attached; please use them instead of the earlier ones.`,
      ));
    const what = { lineId: line.id, service: svc.service, label: svc.label, supplier: svc.supplier };
    await audit({
      action: 'suppliers.confirm',
      recordType: 'booking',
      recordId: b.refIdKey,
      before: old ? { ...what, status: old.status, number: old.number, note: old.note } : null,
      after: { ...what, status: input.status, number, note, vouchersMailed },
    });
    return {
      lineId: line.id,
      service: svc.service,
      label: svc.label,
      status: input.status,
      number,
      note,
      vouchersMailed,
    };
  });
}

/**
 * Bookings travelling within `days` (from each site's today, docs/decisions/0087) with a service
 * whose confirmation is missing or declined; soonest first. Cancelled bookings are left out.
 */
export async function suppliersDue(db: Db, config: Config, now: Date, days: number): Promise<SupplierDueItem[]> {
  const today = siteDays(now);
  const window = (site: Site) =>
    and(
      eq(bookings.site, site),
      gte(bookingLines.travelDate, today[site]),
      lte(bookingLines.travelDate, addDays(today[site], days)),
    );
  const lines = await db
    .select({ ...lineColumns, site: bookings.site, ref: bookings.refIdKey })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(and(eq(bookings.status, 'confirmed'), or(window('UAE'), window('IN'))))
    .orderBy(asc(bookingLines.travelDate), asc(bookingLines.bookingId), asc(bookingLines.position));
  if (!lines.length) return [];
  const bookingIds = [...new Set(lines.map((l) => l.bookingId))];
  const set = await confirmationsOf(db, bookingIds);
  const leads = await db
    .select({
      bookingId: bookingTravellers.bookingId,
      title: bookingTravellers.title,
      firstName: bookingTravellers.firstName,
      lastName: bookingTravellers.lastName,
    })
    .from(bookingTravellers)
    .where(and(inArray(bookingTravellers.bookingId, bookingIds), eq(bookingTravellers.lead, true)));
  const items = new Map<number, SupplierDueItem>();
  for (const site of ['UAE', 'IN'] as const) {
    const ofSite = lines.filter((l) => l.site === site);
    if (!ofSite.length) continue;
    const services = await servicesOfLines(db, config, site, ofSite);
    for (const l of ofSite) {
      for (const s of services.get(l.id) ?? []) {
        const status = set.find((r) => r.c.lineId === l.id && r.c.service === s.service)?.c.status;
        if (status && status !== 'declined') continue;
        let item = items.get(l.bookingId);
        if (!item) {
          const lead = leads.find((t) => t.bookingId === l.bookingId);
          item = {
            RefIdKey: l.ref,
            site,
            leadName: lead ? fullName(lead) : '',
            title: l.title,
            travelDate: l.travelDate,
            daysToGo: Math.round((Date.parse(l.travelDate) - Date.parse(today[site])) / 86_400_000),
            due: [],
          };
          items.set(l.bookingId, item);
        }
        item.due.push({
          lineId: l.id,
          service: s.service,
          label: s.label,
          supplier: s.supplier,
          travelDate: l.travelDate,
          status: status ?? 'missing',
        });
      }
    }
  }
  return [...items.values()].sort((a, b) => a.daysToGo - b.daysToGo || a.RefIdKey.localeCompare(b.RefIdKey));
}
