import { z } from 'zod';
import { answer, csvFile, defineAdminCall, noParams, storedFile } from './admin-api.ts';
import { leadTravellerSchema } from './booking.ts';
import { AMEND_MESSAGES, type AmendResult } from './desk-amend.ts';
import {
  DESK_MESSAGES,
  MANUAL_METHODS,
  RESEND_WHAT,
  type CorrectedName,
  type DeskBookingDetail,
  type DeskBookingPage,
  type DeskSummary,
  type RecordedPayment,
} from './desk.ts';
import type { MoneyDocument } from './money-documents.ts';
import { inSmallestUnit } from './money.ts';

/*
 * The booking desk (issue 20), declared once here (decision 0111): server/routes/admin-desk.ts,
 * admin-money.ts, admin-money-documents.ts and admin-amend.ts register these calls, the desk's
 * booking pages call them.
 */

/**
 * A booking's reference in the path (`bookings/:ref`); the service finds it without regard to case. A NUL character,
 * which no reference has and the database cannot compare, is refused in the words of a reference not found.
 */
export const bookingRefParams = z.object({
  ref: z
    .string()
    .min(1)
    .max(40)
    .refine((ref) => !ref.includes('\u0000'), DESK_MESSAGES.notFound),
});

const flag = z
  .enum(['true', 'false', '1', '0', 'on', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'on');

/** The list's filters, as the query string sends them (the CSV takes the same). */
export const deskListQuery = z.object({
  site: z.enum(['UAE', 'IN', '']).optional(),
  status: z.enum(['awaiting-payment', 'confirmed', 'cancelled', '']).optional(),
  paymentStatus: z
    .enum(['unpaid', 'partly-paid', 'paid', 'failed', 'refund-due', 'partly-refunded', 'refunded', ''])
    .optional(),
  /** A line of the booking travels on or after / on or before this day. */
  travelFrom: z.union([z.iso.date(), z.literal('')]).optional(),
  travelTo: z.union([z.iso.date(), z.literal('')]).optional(),
  /** Booked on or after / on or before this day (UTC). */
  bookedFrom: z.union([z.iso.date(), z.literal('')]).optional(),
  bookedTo: z.union([z.iso.date(), z.literal('')]).optional(),
  /** Not cancelled and not paid in full. */
  balanceDue: flag,
  /** Pay later's due date passed with money still due. */
  overdue: flag,
  /** Money taken that the shop owes back. */
  refundDue: flag,
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type DeskListQuery = z.infer<typeof deskListQuery>;

/** The list's page of 50 (newest first), filtered and searched; email and phone masked without travellers.contact. */
export const listBookingsCall = defineAdminCall({
  method: 'GET',
  path: 'bookings',
  params: noParams,
  query: deskListQuery,
  data: answer<DeskBookingPage>('DeskBookingPage'),
  permission: 'bookings.read',
});

/** Every booking the filters find (not a page), as a CSV download. */
export const bookingsCsvCall = defineAdminCall({
  method: 'GET',
  path: 'bookings.csv',
  params: noParams,
  query: deskListQuery,
  file: 'csv',
  data: csvFile,
  permission: 'bookings.read',
});

/** The home page's counts: cancellation requests waiting, payments with a refund due, bookings overdue. */
export const deskSummaryCall = defineAdminCall({
  method: 'GET',
  path: 'desk/summary',
  params: noParams,
  data: answer<DeskSummary>('DeskSummary'),
  permission: 'bookings.read',
});

/** One booking as the desk shows it: lines, travellers, payments, documents, notes, timeline. */
export const bookingDetailCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref',
  params: bookingRefParams,
  data: answer<DeskBookingDetail>('DeskBookingDetail'),
  permission: 'bookings.read',
});

/** An internal note on the booking (never shown to the traveller). */
export const addNoteCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/notes',
  params: bookingRefParams,
  body: z.object({
    body: z
      .string({ message: 'Write the note first.' })
      .trim()
      .min(1, 'Write the note first.')
      .max(4000, 'A note can be at most 4,000 characters.'),
  }),
  data: z.object({ id: z.number(), body: z.string(), staff: z.string(), at: z.string() }),
  permission: 'bookings.note',
});

/** The media types a traveller's travel document may have (server/services/uploads.ts, detectTravelDocumentType). */
const TRAVEL_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic'];

/** A document the traveller uploaded to the booking, as it was stored, sent as a download; opening it is audited. */
export const bookingDocumentCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/documents/:id',
  params: bookingRefParams.extend({ id: z.coerce.number().int().positive() }),
  file: 'stored',
  data: storedFile('The traveller’s document (a passport or visa copy)', TRAVEL_DOCUMENT_TYPES),
  permission: 'bookings.read',
});

/** The booking's invoice (tax invoice once numbered, else proforma) as staff see it, a PDF. */
export const invoicePdfCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/invoice.pdf',
  params: bookingRefParams,
  file: 'stored',
  data: storedFile('The booking’s invoice (PDF)', ['application/pdf']),
  permission: 'bookings.read',
});

/** The booking's supplier vouchers as staff see them, a PDF. */
export const vouchersPdfCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/vouchers.pdf',
  params: bookingRefParams,
  file: 'stored',
  data: storedFile('The booking’s supplier vouchers (PDF)', ['application/pdf']),
  permission: 'bookings.read',
});

/**
 * A receipt voucher or debit note of the booking's ledger (issue 30): `<id>` answers the document (JSON, this
 * declaration's data), `<id>.pdf` its PDF (audited), as credit notes do. Under money-documents/, not documents/: those
 * are the traveller's uploads.
 */
export const moneyDocumentCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/money-documents/:file',
  params: bookingRefParams.extend({
    file: z
      .string()
      .regex(/^\d{1,9}(\.pdf)?$/, 'must be a receipt voucher’s or debit note’s id')
      .describe('The document’s id for its JSON; its id and .pdf (12.pdf) for its PDF.'),
  }),
  data: answer<MoneyDocument>('MoneyDocument'),
  permission: 'bookings.read',
});

const isoDay = z
  .string({ message: 'Choose the new travel date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, AMEND_MESSAGES.notReal);
const packageId = z
  .number({ message: 'packageId: choose a holiday by its id.' })
  .int('packageId: choose a holiday by its id.')
  .positive('packageId: choose a holiday by its id.');
const adults = z
  .number({ message: 'adults: enter the number of adults.' })
  .int('adults: enter a whole number.')
  .min(1, 'adults: at least 1 adult travels.')
  .max(9, 'adults: at most 9 adults per booking.');
const children = z
  .number({ message: 'children: enter the number of children.' })
  .int('children: enter a whole number.')
  .min(0, 'children: cannot be negative.')
  .max(6, 'children: at most 6 children per booking.');
const rooms = z
  .number({ message: 'rooms: enter the number of rooms.' })
  .int('rooms: enter a whole number.')
  .min(1, 'rooms: at least 1 room.')
  .max(5, 'rooms: at most 5 rooms per booking.');

/**
 * Amends a booking (bookings.amend): a new travel date, another holiday of the same site, or another party and rooms
 * (per line on a booking of several). `confirm: false` shows the server's difference and changes nothing;
 * `confirm: true` applies it, once per Idempotency-Key (docs/decisions/0096).
 */
export const amendBookingCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/amend',
  params: bookingRefParams,
  body: z.object({
    travelDate: isoDay.optional(),
    packageId: packageId.optional(),
    lines: z
      .array(
        z.object({
          position: z
            .number({ message: 'lines: give each line’s position (as the booking page lists them).' })
            .int('lines: a position is a whole number.')
            .min(0, 'lines: a position is 0 or more.'),
          packageId: packageId.optional(),
          travelDate: isoDay.optional(),
          adults: adults.optional(),
          children: children.optional(),
          rooms: rooms.optional(),
        }),
      )
      .max(20, 'lines: at most 20 lines change at once.')
      .optional(),
    adults: adults.optional(),
    children: children.optional(),
    rooms: rooms.optional(),
    add: z
      .array(
        z.object({
          title: z.string().trim().max(10, 'A title is at most 10 characters.').optional(),
          firstName: z
            .string({ message: 'Give the first name of each traveller who joins.' })
            .trim()
            .min(1, 'Give the first name of each traveller who joins.')
            .max(60, 'A first name is at most 60 characters.'),
          lastName: z
            .string({ message: 'Give the last name of each traveller who joins.' })
            .trim()
            .min(1, 'Give the last name of each traveller who joins.')
            .max(60, 'A last name is at most 60 characters.'),
          ageBand: z.enum(['adult', 'child'], {
            message: 'Say whether each traveller who joins is an adult or a child.',
          }),
          dob: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'dob: enter the date of birth as YYYY-MM-DD.')
            .optional(),
        }),
      )
      .max(15, 'At most 15 travellers join at once.')
      .optional(),
    remove: z
      .array(z.number().int().positive('Choose travellers to remove by their id.'))
      .max(15, 'At most 15 travellers leave at once.')
      .optional(),
    confirm: z.boolean({
      message: 'Say whether to apply the change (confirm: true) or only show its difference (confirm: false).',
    }),
  }),
  data: answer<AmendResult>('AmendResult'),
  permission: 'bookings.amend',
});

/**
 * The :ref of the money calls (payments, resend, a traveller's name) as they have always read it: its first 40
 * characters, so a longer one is a reference not found (404), after the body's check; a NUL is refused as in
 * bookingRefParams.
 */
const moneyRefParams = z.object({
  ref: z
    .string()
    .refine((ref) => !ref.includes('\u0000'), DESK_MESSAGES.notFound)
    .transform((ref) => ref.slice(0, 40)),
});

/** A payment received outside the shop (bank transfer, cash, card terminal); audited, the receipt mailed. */
export const recordPaymentCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/payments',
  params: moneyRefParams,
  body: z.object({
    amount: inSmallestUnit(
      z
        .number({ message: 'Enter the amount received, in the smallest unit of the currency (fils, paise).' })
        .int('Enter the amount in the smallest unit of the currency (a whole number of fils or paise).')
        .positive('The amount must be more than zero.')
        .max(1_000_000_000, 'That amount is too large.'),
    ),
    method: z.enum(MANUAL_METHODS, { message: 'Choose how it was paid: bank-transfer, cash or card-terminal.' }),
    reference: z
      .string({
        message: 'Enter the reference of the payment (the bank transfer’s, the receipt’s or the terminal slip’s).',
      })
      .trim()
      .min(1, 'Enter the reference of the payment (the bank transfer’s, the receipt’s or the terminal slip’s).')
      .max(120, 'The reference can be at most 120 characters.'),
    receivedOn: z.iso.date({ message: 'Enter the date the money was received (YYYY-MM-DD).' }),
  }),
  everyFieldMessage: true,
  data: answer<RecordedPayment>('RecordedPayment'),
  permission: 'payments.record',
});

/** Sends the confirmation, the invoice or the vouchers to the lead traveller again. */
export const resendMailCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/resend',
  params: moneyRefParams,
  body: z.object({
    what: z.enum(RESEND_WHAT, { message: 'Choose what to resend: confirmation, invoice or vouchers.' }),
  }),
  everyFieldMessage: true,
  data: z.object({ to: z.string(), what: z.enum(RESEND_WHAT) }),
  permission: 'mail.resend',
});

/** Corrects a traveller's name before travel, saying why; audited, the vouchers mailed again once paid. */
export const correctTravellerCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/travellers/:travellerId',
  params: moneyRefParams.extend({
    travellerId: z.coerce
      .number({ message: 'not a traveller id.' })
      .int('not a traveller id.')
      .positive('not a traveller id.'),
  }),
  body: z.object({
    title: leadTravellerSchema.shape.Title.optional(),
    firstName: leadTravellerSchema.shape.FirstName,
    lastName: leadTravellerSchema.shape.LastName,
    reason: z
      .string({ message: 'Say why the name is corrected.' })
      .trim()
      .min(3, 'Say why the name is corrected.')
      .max(500, 'The reason can be at most 500 characters.'),
  }),
  everyFieldMessage: true,
  data: answer<CorrectedName>('CorrectedName'),
  permission: 'travellers.edit',
});
