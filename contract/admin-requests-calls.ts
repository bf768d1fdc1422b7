import { z } from 'zod';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import { CANCELLATION_REQUEST_STATUSES } from './cancellation-calls.ts';
import type { DeskCancellationRequestItem } from './desk.ts';

/*
 * Travellers' cancellation requests at the desk (cancellations.request), declared once here
 * (decision 0111): the queue and the decline with a message to the traveller. Approving is the
 * desk's cancellation of the booking (server/routes/admin-refunds.ts), which marks the request
 * approved. server/routes/admin-requests.ts registers them.
 */

/** What the desk is told about a request (server/services/desk/requests.ts says the refusals). */
export const REQUEST_MESSAGES = {
  notFound: 'No cancellation request has that number.',
  decided: (status: string) => `This request is already ${status}.`,
  messageNeeded: 'Write the traveller a message saying why the request is declined.',
  declined: 'The request is declined and the traveller is mailed.',
} as const;

const permission = 'cancellations.request' as const;

/** The requests of one status (waiting ones unless told), newest first, each with the policy's quote today. */
export const listRequestsCall = defineAdminCall({
  method: 'GET',
  path: 'cancellation-requests',
  params: noParams,
  query: z.object({
    status: z
      .enum(CANCELLATION_REQUEST_STATUSES, { message: 'status must be pending, approved or declined' })
      .default('pending'),
  }),
  data: answer<{ items: DeskCancellationRequestItem[] }>('A list of DeskCancellationRequestItem in `items`'),
  permission,
});

/** Declines a waiting request with a message to the traveller (mailed, and shown in their Trips). */
export const declineRequestCall = defineAdminCall({
  method: 'POST',
  path: 'cancellation-requests/:id/decline',
  params: z.object({
    // Beyond the database's integer, a number names no request: refused in words, not a failed query.
    id: z.coerce.number().int().positive().max(2_147_483_647, REQUEST_MESSAGES.notFound),
  }),
  body: z.object({
    message: z
      .string({ message: REQUEST_MESSAGES.messageNeeded })
      .max(2000, 'Keep the message under 2,000 characters.'),
  }),
  data: z.object({
    id: z.number().int(),
    RefIdKey: z.string(),
    status: z.enum(CANCELLATION_REQUEST_STATUSES),
    decisionMessage: z.string().nullable(),
  }),
  permission,
});
