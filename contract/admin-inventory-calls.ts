import { z } from 'zod';
import { MAX_DB_ID } from './common.ts';
import { answer, defineAdminCall } from './admin-api.ts';
import type { AdminDeparture, AdminDepartureList, SeasonResult } from './inventory.ts';

/*
 * A package's departures (issue 21): each travel date with its own allotment and stop-sale, and
 * seasons of dates. All need `catalogue.edit`. Declared once here (decision 0111):
 * server/routes/admin-inventory.ts registers them, the desk's departures page calls them.
 */

const isoDay = (what: string) =>
  z
    .string({ message: `${what} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date as YYYY-MM-DD.`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${what} is not a real date.`);
const allotment = z
  .number({ message: 'Rooms must be a whole number, or empty for the package’s default.' })
  .int('Rooms must be a whole number.')
  .min(0, 'Rooms cannot be negative.')
  .max(10_000, 'At most 10,000 rooms a date.')
  .nullable();

const pkgParams = z.object({
  id: z.coerce
    .number({ message: 'The package id must be a number.' })
    .int()
    .positive('The package id must be a number.')
    .max(MAX_DB_ID, 'There is no package with this id.'),
});
const dateParams = pkgParams.extend({ date: isoDay('The travel date') });
const permission = 'catalogue.edit' as const;

/** The package's departures from today (or between `from` and `to`). */
export const listDeparturesCall = defineAdminCall({
  method: 'GET',
  path: 'packages/:id/departures',
  params: pkgParams,
  query: z.object({ from: isoDay('From').optional(), to: isoDay('To').optional() }),
  data: answer<AdminDepartureList>('AdminDepartureList'),
  permission,
});

/** One date's allotment and stop-sale; a date not scheduled yet is added. */
export const setDepartureCall = defineAdminCall({
  method: 'POST',
  path: 'packages/:id/departures/:date',
  params: dateParams,
  body: z
    .object({ rooms: allotment.optional(), stopSale: z.boolean({ message: 'Stop-sale is true or false.' }).optional() })
    .refine((b) => b.rooms !== undefined || b.stopSale !== undefined, 'Send rooms, stopSale or both.'),
  data: answer<AdminDeparture>('AdminDeparture'),
  permission,
});

/** Every chosen weekday between two dates, with one allotment (at most SEASON_MAX_DATES dates). */
export const addSeasonCall = defineAdminCall({
  method: 'POST',
  path: 'packages/:id/departures/season',
  params: pkgParams,
  body: z.object({
    from: isoDay('From'),
    to: isoDay('To'),
    weekdays: z
      .array(z.number().int().min(0).max(6), { message: 'Choose at least one weekday.' })
      .min(1, 'Choose at least one weekday.')
      .max(7),
    rooms: allotment,
    existing: z.enum(['update', 'keep'], { message: 'Existing dates are either updated or kept.' }).default('keep'),
  }),
  data: answer<SeasonResult>('SeasonResult'),
  permission,
});
