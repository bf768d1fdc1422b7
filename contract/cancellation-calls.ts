import { z } from 'zod';
import { defineCall } from './api.ts';
import { refIdKeyParam } from './common.ts';
import type { CancellationStep } from './cancellation.ts';
import { inSmallestUnit } from './money.ts';

/*
 * The traveller's side of cancelling (issue 20): the policy as the package page, checkout and Trips
 * show it, what a cancellation would refund today, and the request a traveller sends from Trips.
 * Zod lives here, not in contract/cancellation.ts: the package page imports that file's
 * policyLines and must not pull zod into the shop's first-route JavaScript.
 */

export const cancellationStepSchema = z.object({
  daysBefore: z.number().int(),
  keepPercent: z.number(),
}) satisfies z.ZodType<CancellationStep>;
export const cancellationPolicySchema = z.array(cancellationStepSchema);

export const CANCELLATION_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const cancellationRequestStatusSchema = z.enum(CANCELLATION_REQUEST_STATUSES);
export type CancellationRequestStatus = z.infer<typeof cancellationRequestStatusSchema>;

/** The traveller's latest request on a booking, as Trips shows it. */
export const tripCancellationRequestSchema = z.object({
  id: z.number().int(),
  status: cancellationRequestStatusSchema,
  reason: z.string(),
  /** Staff's message when declined. */
  decisionMessage: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TripCancellationRequest = z.infer<typeof tripCancellationRequestSchema>;

/**
 * What GetBookingDetails tells Trips about cancelling: the policy (of the booking's first package,
 * counted from its first travel date, as the desk counts), what cancelling today keeps and refunds
 * of the amount paid, whether a request can be sent now (and why not), and the latest request.
 */
export const tripCancellationSchema = z.object({
  policy: cancellationPolicySchema,
  policyLines: z.array(z.string()),
  daysBefore: z.number().int(),
  keepPercent: z.number(),
  /** Smallest unit. */
  keep: inSmallestUnit(z.number().int()),
  refund: inSmallestUnit(z.number().int()),
  paid: inSmallestUnit(z.number().int()),
  /** Refunds started or made on this booking (not failed), smallest unit: what a cancelled booking shows. */
  refunded: inSmallestUnit(z.number().int()),
  canRequest: z.boolean(),
  /** Why a request cannot be sent (cancelled, travelled, one already waiting); null when it can. */
  unavailable: z.string().nullable(),
  request: tripCancellationRequestSchema.nullable(),
});
export type TripCancellation = z.infer<typeof tripCancellationSchema>;

/** The policies of the packages in a hold, for checkout's review step. */
export const packagePolicySchema = z.object({
  packageId: z.number().int(),
  title: z.string(),
  lines: z.array(z.string()),
});
export type PackagePolicy = z.infer<typeof packagePolicySchema>;

export const CANCELLATION_MESSAGES = {
  sent: 'Your cancellation request is sent. We will reply by email, usually within one working day.',
  alreadySent: 'Your cancellation request is already with us. We will reply by email.',
  pending: 'A cancellation request for this booking is already waiting for our reply.',
  cancelled: 'This booking is already cancelled.',
  travelled: 'This trip has started: it can no longer be cancelled from here. Please call us.',
} as const;

export const requestCancellationParamsSchema = z.object({
  Token: z.string().min(1).max(1024).optional(),
  RefIdKey: refIdKeyParam,
  Reason: z
    .string({ message: 'Tell us why you want to cancel.' })
    .trim()
    .min(3, 'Tell us why you want to cancel.')
    .max(1000, 'Keep the reason under 1,000 characters.'),
  /** Made on the device when the traveller presses Send: the same key again is the same request. */
  ClientKey: z
    .string({ message: 'is required' })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or - _ . :'),
});

export const requestCancellationResultSchema = z.object({
  RefIdKey: z.string(),
  request: tripCancellationRequestSchema,
});

/** Ours: the traveller asks to cancel one of their bookings; staff approve (the desk's cancellation) or decline. */
export const requestCancellation = defineCall({
  method: 'POST',
  path: 'RequestCancellation',
  params: requestCancellationParamsSchema,
  data: requestCancellationResultSchema,
});
