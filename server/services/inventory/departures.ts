import { sql } from 'drizzle-orm';
import { addDays, siteDay } from '../../../contract/calendar.ts';
import type { Site } from '../../../contract/site.ts';
import { availabilitySchema, type DepartureList } from '../../../contract/availability.ts';
import {
  SEASON_MAX_DATES,
  WEEKDAY_NAMES,
  type AdminDeparture,
  type AdminDepartureList,
  type SeasonResult,
} from '../../../contract/inventory.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, conflict } from '../../lib/errors.ts';
import { availabilityOf, lockDeparture, type DepartureState } from '../bookings/inventory.ts';
import type { Actor } from '../staff/audit.ts';
import { staffAction } from '../staff/staff-action.ts';

/*
 * Departures in the back office (issue 21, docs/decisions/0062): each travel date of a package with
 * its own allotment (null: the package's rooms_per_departure) and a stop-sale. Every change locks
 * the departure's row as holds and sales do (lockDeparture), so an allotment is checked against
 * the rooms sold and held at that instant and can never go below them.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const today = (now: Date) => now.toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

type PackageRow = {
  id: number;
  title: string;
  slug: string;
  roomsPerDeparture: number | null;
};

async function packageOf(db: Db, packageId: number): Promise<PackageRow> {
  const { rows } = await db.execute<PackageRow>(
    sql`select id, title, slug, rooms_per_departure as "roomsPerDeparture" from packages where id = ${packageId}`,
  );
  if (!rows[0]) throw notFound('There is no package with this id.');
  return rows[0];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Refuses an allotment below what is sold and held on the date, with the numbers. */
function checkAllotment(travelDate: string, capacity: number | null, state: DepartureState) {
  if (capacity === null) return;
  const taken = state.sold + state.held;
  if (capacity < taken) {
    const sold = `${plural(state.sold, 'room is', 'rooms are')} sold`;
    throw conflict(`${sold} and ${state.held} held on ${travelDate}: the allotment cannot go below ${taken}.`);
  }
}

type DepartureRow = {
  travelDate: string;
  rooms: number | null;
  capacity: number | null;
  sold: number;
  held: number;
  stopSale: boolean;
  scheduled: boolean;
};

function toAdmin(r: DepartureRow): AdminDeparture {
  return { ...r, left: r.capacity === null ? null : Math.max(0, r.capacity - r.sold - r.held) };
}

export async function departureRows(
  db: Db,
  packageId: number,
  now: Date,
  where: { from: string; to?: string; scheduledOnly?: boolean },
): Promise<DepartureRow[]> {
  const { rows } = await db.execute<DepartureRow>(sql`
    select to_char(d.travel_date, 'YYYY-MM-DD') as "travelDate", d.rooms, coalesce(d.rooms, p.rooms_per_departure) as capacity,
           d.rooms_sold as sold, d.stop_sale as "stopSale", d.scheduled,
           (select coalesce(sum(h.rooms), 0)::int from room_holds h
             where h.package_id = d.package_id and h.travel_date = d.travel_date and h.status = 'held' and h.expires_at > ${now.toISOString()}) as held
    from departures d join packages p on p.id = d.package_id
    where d.package_id = ${packageId} and d.travel_date >= ${where.from}
      ${where.to ? sql`and d.travel_date <= ${where.to}` : sql``}
      ${where.scheduledOnly ? sql`and d.scheduled and not d.stop_sale` : sql``}
    order by d.travel_date
    limit 1000`);
  return rows;
}

/** A package's departures from `from` (default today): the scheduled ones and any with rooms sold, held or set. */
export async function listDepartures(
  db: Db,
  packageId: number,
  now: Date,
  range: { from?: string; to?: string } = {},
): Promise<AdminDepartureList> {
  const pkg = await packageOf(db, packageId);
  const rows = await departureRows(db, packageId, now, { from: range.from ?? today(now), to: range.to });
  const items = rows
    .filter((r) => r.scheduled || r.sold > 0 || r.held > 0 || r.rooms !== null || r.stopSale)
    .map(toAdmin);
  return { package: pkg, items };
}

/**
 * The shop's list: dates staff scheduled from the site's tomorrow (as the cart counts), open for sale, with rooms left
 * (at most 60).
 */
export async function shopDepartures(db: Db, packageId: number, site: Site, now = new Date()): Promise<DepartureList> {
  await packageOf(db, packageId).catch(() => {
    throw notFound('There is no holiday with this id.');
  });
  const rows = await departureRows(db, packageId, now, { from: addDays(siteDay(now, site), 1), scheduledOnly: true });
  const departures = rows.slice(0, 60).map((r) => availabilitySchema.parse(availabilityOf(packageId, r.travelDate, r)));
  return { packageId, departures };
}

export interface DepartureChange {
  /** The date's own allotment; null: back to the package's default. Left out: unchanged. */
  rooms?: number | null;
  stopSale?: boolean;
}

/**
 * Locks one departure (created, scheduled, when missing) and applies a change, refusing an allotment below sold + held.
 */
async function changeOne(tx: Db, pkg: PackageRow, travelDate: string, change: DepartureChange, now: Date) {
  const { rows: before } = await tx.execute<{ rooms: number | null; stopSale: boolean; scheduled: boolean }>(
    sql`select rooms, stop_sale as "stopSale", scheduled from departures where package_id = ${pkg.id} and travel_date = ${travelDate} for update`,
  );
  const state = await lockDeparture(tx, pkg.id, travelDate, now);
  const rooms = change.rooms === undefined ? (before[0]?.rooms ?? null) : change.rooms;
  const stopSale = change.stopSale ?? before[0]?.stopSale ?? false;
  if (change.rooms !== undefined) checkAllotment(travelDate, rooms ?? pkg.roomsPerDeparture, state);
  await tx.execute(
    sql`update departures set rooms = ${rooms}, stop_sale = ${stopSale}, scheduled = true where package_id = ${pkg.id} and travel_date = ${travelDate}`,
  );
  return {
    existed: before[0]?.scheduled ?? false,
    before: before[0] ? { rooms: before[0].rooms, stopSale: before[0].stopSale, scheduled: before[0].scheduled } : null,
    after: { rooms, stopSale, scheduled: true },
  };
}

/** Sets one date's allotment and/or stop-sale (the date is added when it was not scheduled). */
export async function setDeparture(
  db: Db,
  actor: Actor,
  packageId: number,
  travelDate: string,
  change: DepartureChange,
  now: Date,
): Promise<AdminDeparture> {
  if (!ISO_DAY.test(travelDate) || Number.isNaN(Date.parse(travelDate)))
    throw invalid('The travel date must be a date as YYYY-MM-DD.');
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const pkg = await packageOf(tx, packageId);
    if (travelDate < today(now) && change.rooms !== undefined)
      throw invalid(`${travelDate} is in the past: its allotment can no longer change.`);
    const done = await changeOne(tx, pkg, travelDate, change, now);
    await audit({
      action: 'departure.update',
      recordType: 'departure',
      recordId: `${packageId}:${travelDate}`,
      before: done.before,
      after: { packageId, travelDate, ...done.after },
    });
    const [row] = await departureRows(tx, packageId, now, { from: travelDate, to: travelDate });
    return toAdmin(row!);
  });
}

export interface Season {
  from: string;
  to: string;
  /** 0 Sunday … 6 Saturday. */
  weekdays: number[];
  /** The dates' allotment; null: the package's default. */
  rooms: number | null;
  /** Dates already scheduled: `update` sets their allotment, `keep` leaves them as they are. */
  existing: 'update' | 'keep';
}

/** The dates of a season, refused when it is empty, in the past or too long. */
export function seasonDates(season: Season, now: Date): string[] {
  const { from, to } = season;
  if (to < from) throw invalid('The season ends before it starts: check the dates.');
  if (from <= today(now)) throw invalid('A season starts tomorrow at the earliest.');
  const days = new Set(season.weekdays);
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (!days.has(weekday(d))) continue;
    dates.push(d);
    if (dates.length > SEASON_MAX_DATES)
      throw invalid(`A season has at most ${SEASON_MAX_DATES} dates: split it in two.`);
  }
  if (dates.length === 0) {
    const names = season.weekdays.map((w) => WEEKDAY_NAMES[w]).join(', ');
    throw invalid(`There is no ${names} between ${from} and ${to}.`);
  }
  return dates;
}

/**
 * Adds a season of dates at once (every Friday from … to …), in one transaction: when one date
 * cannot take the allotment (more sold and held), nothing changes and the refusal names it.
 */
export async function addSeason(
  db: Db,
  actor: Actor,
  packageId: number,
  season: Season,
  now: Date,
): Promise<SeasonResult> {
  const dates = seasonDates(season, now);
  return staffAction(db, actor, now, async ({ tx, audit }) => {
    const pkg = await packageOf(tx, packageId);
    const result: SeasonResult = { created: [], updated: [], kept: [] };
    for (const travelDate of dates) {
      const { rows } = await tx.execute<{ scheduled: boolean }>(
        sql`select scheduled from departures where package_id = ${pkg.id} and travel_date = ${travelDate} for update`,
      );
      if (rows[0]?.scheduled && season.existing === 'keep') {
        result.kept.push(travelDate);
        continue;
      }
      const done = await changeOne(tx, pkg, travelDate, { rooms: season.rooms }, now);
      (done.existed ? result.updated : result.created).push(travelDate);
    }
    await audit({
      action: 'departure.season',
      recordType: 'package',
      recordId: packageId,
      after: {
        from: season.from,
        to: season.to,
        weekdays: season.weekdays,
        rooms: season.rooms,
        existing: season.existing,
        ...result,
      },
    });
    return result;
  });
}
