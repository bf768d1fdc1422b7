import { z } from 'zod';

export const statusSchema = z.enum(['success', 'warning', 'error']);
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
