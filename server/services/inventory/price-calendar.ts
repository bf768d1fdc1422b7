import { and, sql } from 'drizzle-orm';
import type { PriceCalendar } from '../../../contract/availability.ts';
import { SITE_CURRENCY, siteDay, type Site } from '../../../contract/site.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { availabilityOf } from '../bookings/inventory.ts';
import { activeAt, couponVerdict, onSite, selectCoupons, visibleTo } from '../promotions/coupons.ts';
import { departureRows } from './departures.ts';
import { addDays } from '../../../contract/calendar.ts';

/*
 * The package page's price calendar (issue 34): every departure staff scheduled from the site's
 * tomorrow to a year ahead, stop-sold ones included so the calendar can strike them through, each
 * with rooms left and the lowest price per adult a couple sharing a room pays on that date: the
 * package's price less the best public coupon that applies to that travel date (a last-minute
 * coupon makes the near dates cheaper) and needs no particular way of paying, judged by the same
 * couponVerdict the cart and the booking use. Read fresh on each call: a staff stop-sale or a new
 * price shows at the next read.
 */

/** The party a "from" price is worked out for: two adults in one room, the package page's default. */
const PRICED_ADULTS = 2;
/** How far ahead the calendar reaches, in days. */
const CALENDAR_DAYS = 365;

export async function priceCalendar(db: Db, packageId: number, site: Site, now = new Date()): Promise<PriceCalendar> {
  const { rows } = await db.execute<{ amount: number; tripTypeId: number }>(sql`
    select pp.amount, p.trip_type_id as "tripTypeId" from packages p
    join package_prices pp on pp.package_id = p.id and pp.site = ${site}
    where p.id = ${packageId} and p.published`);
  const pkg = rows[0];
  if (!pkg) throw notFound('There is no holiday with this id.');
  const from = addDays(siteDay(now, site), 1);
  const to = addDays(from, CALENDAR_DAYS);
  const [departures, coupons] = await Promise.all([
    departureRows(db, packageId, now, { from, to }),
    selectCoupons(db).where(and(onSite(site), activeAt(now), visibleTo({ userId: null }))),
  ]);
  const total = pkg.amount * PRICED_ADULTS;
  const days = departures
    .filter((d) => d.scheduled)
    .map((d) => {
      const lines = [{ amount: total, packageId, tripTypeId: pkg.tripTypeId, travelDate: d.travelDate }];
      let best = { discount: 0, code: null as string | null };
      for (const row of coupons) {
        const verdict = couponVerdict(site, row, total, { lines, history: null, now, payWith: null });
        if (verdict.reason === null && verdict.discount > best.discount)
          best = { discount: verdict.discount, code: row.coupon.code };
      }
      const { packageId: _id, ...availability } = availabilityOf(packageId, d.travelDate, d);
      return {
        ...availability,
        fromPerAdult: Math.round((total - best.discount) / PRICED_ADULTS),
        coupon: best.code,
      };
    });
  return {
    packageId,
    currency: SITE_CURRENCY[site],
    asOf: now.toISOString(),
    perAdult: pkg.amount,
    days,
  };
}
