import { z } from 'zod';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import type { DeskTravellerDetail, DeskTravellerPage } from './desk.ts';

/*
 * The desk's travellers (decision 0097), declared once here (decision 0111): the list and a
 * traveller's page (travellers.read: owner, agent, accounts; contact details masked without
 * travellers.contact), the traveller's data as the shop's own "Download my data" gives it
 * (travellers.contact: it holds their contact details), and the erasure of their account on their
 * request (travellers.edit). server/routes/admin-travellers.ts registers them.
 */

const idParams = z.object({
  id: z.coerce
    .number({ message: 'Give the traveller’s number.' })
    .int()
    .positive('Give the traveller’s number.')
    .max(2_147_483_647, 'No traveller has that number.'),
});

/** Travellers, newest account first, 50 a page; `q` finds them by name, email, phone or PAN. */
export const listTravellersCall = defineAdminCall({
  method: 'GET',
  path: 'travellers',
  params: noParams,
  query: z.object({
    q: z.string().max(200, 'A search can be at most 200 characters.').optional(),
    cursor: z.string().max(200).optional(),
  }),
  data: answer<DeskTravellerPage>('DeskTravellerPage'),
  permission: 'travellers.read',
});

/**
 * A traveller's page: account, bookings, payments, enquiries, cancellation requests, consents, and whether erasure may
 * go ahead.
 */
export const travellerDetailCall = defineAdminCall({
  method: 'GET',
  path: 'travellers/:id',
  params: idParams,
  data: answer<DeskTravellerDetail>('DeskTravellerDetail'),
  permission: 'travellers.read',
});

/**
 * Everything the shop keeps about the traveller, as their own "Download my data" gives it, sent as a
 * download (traveller-<id>-data.json) and audited.
 */
export const exportTravellerCall = defineAdminCall({
  method: 'GET',
  path: 'travellers/:id/export',
  params: idParams,
  data: z.record(z.string(), z.unknown()),
  permission: 'travellers.contact',
});

/** Erases the account on the traveller's request (typed ERASE), refused while a trip is ahead; audited. */
export const eraseTravellerCall = defineAdminCall({
  method: 'POST',
  path: 'travellers/:id/erase',
  params: idParams,
  body: z.object({
    confirm: z
      .string({ message: 'Type ERASE to confirm that this traveller’s account should be erased.' })
      .max(20, 'Type ERASE to confirm that this traveller’s account should be erased.'),
  }),
  data: z.null(),
  permission: 'travellers.edit',
});
