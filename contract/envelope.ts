import { z } from 'zod';

/**
 * 'Success' (capital S) is the one status word the spec names for CreateBooking: a booking counts
 * as made only then (SPEC §4). Every other call answers in lower case.
 */
export const BOOKING_SUCCESS = 'Success';

export const statusSchema = z.enum(['success', 'warning', 'error', BOOKING_SUCCESS]);
export type Status = z.infer<typeof statusSchema>;

/** Every /api/Common answer: `{ status, message, data }`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: statusSchema, message: z.string(), data });

export interface Envelope<T> {
  status: Status;
  message: string;
  data: T;
}

export const errorEnvelopeSchema = envelopeSchema(z.null());
