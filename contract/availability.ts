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
