import { z } from 'zod';
import { idParam } from './common.ts';

/** At or below this many rooms left, a departure is shown as nearly full. */
export const NEARLY_FULL_ROOMS = 2;

export const availabilityParamsSchema = z.object({
  packageId: idParam,
  travelDate: z.string({ message: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'),
});

export const availabilitySchema = z.object({
  packageId: z.number().int(),
  travelDate: z.string(),
  /** null: no limit on this package. */
  roomsLeft: z.number().int().nullable(),
  /** closed: staff stopped sales on this date. */
  status: z.enum(['available', 'limited', 'sold-out', 'closed']),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const departuresParamsSchema = z.object({ packageId: idParam });

/** The dates staff scheduled for a package from tomorrow on, open for sale (stop-sold dates are left out). */
export const departureListSchema = z.object({
  packageId: z.number().int(),
  departures: z.array(availabilitySchema),
});
export type DepartureList = z.infer<typeof departureListSchema>;

export const priceCalendarParamsSchema = z.object({ packageId: idParam });

/** One scheduled departure in the package page's price calendar. */
export const calendarDaySchema = availabilitySchema.omit({ packageId: true }).extend({
  /**
   * The lowest price per adult on this date for two adults sharing a room, in the smallest unit, after the best public
   * coupon that needs no particular way of paying.
   */
  fromPerAdult: z.number().int(),
  /** That coupon's code, or null when the price is the package's own. */
  coupon: z.string().nullable(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/**
 * The package's departures from the site's tomorrow, a year ahead, stop-sold ones included (the calendar strikes them
 * through).
 */
export const priceCalendarSchema = z.object({
  packageId: z.number().int(),
  currency: z.enum(['AED', 'INR']),
  /** When the server worked these prices out (ISO instant): shown as "prices as of …" when read offline. */
  asOf: z.string(),
  /** The package's own price per adult, in the smallest unit. */
  perAdult: z.number().int(),
  days: z.array(calendarDaySchema),
});
export type PriceCalendar = z.infer<typeof priceCalendarSchema>;
