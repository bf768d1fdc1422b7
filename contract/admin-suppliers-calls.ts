import { z } from 'zod';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import { bookingRefParams } from './admin-desk-calls.ts';
import {
  SUPPLIER_DUE_DAYS,
  SUPPLIER_DUE_MAX_DAYS,
  SUPPLIER_STATUSES,
  type BookingSupplierConfirmations,
  type SetSupplierResult,
  type SupplierDuePage,
} from './desk-suppliers.ts';

/*
 * Suppliers' confirmations (docs/decisions/0098), declared once here (decision 0111): a booking's
 * services with their numbers and statuses, setting one (suppliers.confirm, audited), and the list
 * of bookings travelling soon whose confirmation is missing or declined.
 * server/routes/admin-suppliers.ts registers them; the booking page's supplier panel and the
 * "Suppliers due" page call them.
 */

/** Bookings travelling within `days` (default SUPPLIER_DUE_DAYS) whose confirmation is missing or declined. */
export const suppliersDueCall = defineAdminCall({
  method: 'GET',
  path: 'supplier-confirmations',
  params: noParams,
  query: z.object({
    days: z.coerce
      .number({ message: `days is a number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.` })
      .int(`days is a whole number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.`)
      .min(0, `days is a number of days ahead, 0 to ${SUPPLIER_DUE_MAX_DAYS}.`)
      .max(SUPPLIER_DUE_MAX_DAYS, `The list looks at most ${SUPPLIER_DUE_MAX_DAYS} days ahead.`)
      .default(SUPPLIER_DUE_DAYS),
  }),
  data: answer<SupplierDuePage>('SupplierDuePage'),
  permission: 'suppliers.confirm',
});

/** A booking's lines, each with its services' confirmations. */
export const bookingSuppliersCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/suppliers',
  params: bookingRefParams,
  data: answer<BookingSupplierConfirmations>('BookingSupplierConfirmations'),
  permission: 'bookings.read',
});

const statusText = SUPPLIER_STATUSES.join(', ');

/** Sets one service's confirmation (a confirmed one needs its number); audited. */
export const setSupplierCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/lines/:lineId/supplier',
  params: bookingRefParams.extend({
    lineId: z.coerce
      .number({ message: 'The line is a number: reload the booking page.' })
      .int()
      .positive('The line is a number: reload the booking page.'),
  }),
  body: z.object({
    service: z
      .string({ message: 'The service is a word such as stay-1, transfer or sightseeing.' })
      .max(40, 'The service is a word such as stay-1, transfer or sightseeing.')
      .optional(),
    status: z.enum(SUPPLIER_STATUSES, { message: `Choose the supplier's status: ${statusText}.` }),
    number: z
      .string({ message: 'The confirmation number is text.' })
      .max(60, 'A confirmation number can be at most 60 characters.')
      .optional(),
    note: z.string({ message: 'The note is text.' }).max(500, 'A note can be at most 500 characters.').optional(),
  }),
  data: answer<SetSupplierResult>('SetSupplierResult'),
  permission: 'suppliers.confirm',
});
