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
  status: z.enum(['available', 'limited', 'sold-out']),
});
export type Availability = z.infer<typeof availabilitySchema>;
