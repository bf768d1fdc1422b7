import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  bookingDetailParamsSchema,
  bookingDetailSchema,
  bookingFileParamsSchema,
  bookingIdParamsSchema,
  bookingQuoteParamsSchema,
  bookingQuoteSchema,
  bookingsListParamsSchema,
  bookingSummarySchema,
  createBookingParamsSchema,
  createBookingResultSchema,
  nextStepSchema,
  panResultSchema,
  uploadParamsSchema,
  uploadResultSchema,
  verifyPanParamsSchema,
  verifyRazorpayParamsSchema,
  verifyStripeParamsSchema,
} from './booking.ts';
import { documentParamsSchema, invoiceSchema, voucherSetSchema } from './documents.ts';
import { creditNoteParamsSchema, creditNoteSchema } from './credit-notes.ts';
import { moneyDocumentParamsSchema, moneyDocumentSchema, moneyDocumentsParamsSchema } from './money-documents.ts';

/** Spec: POST CreateBooking (body). Counts as made only when status is 'Success'. */
export const createBooking = defineCall({
  method: 'POST',
  path: 'CreateBooking',
  params: createBookingParamsSchema,
  data: createBookingResultSchema,
});

/** Ours: the server's price of a hold with a coupon, for the review step. */
export const getBookingQuote = defineCall({
  method: 'POST',
  path: 'GetBookingQuote',
  params: bookingQuoteParamsSchema,
  data: bookingQuoteSchema,
});

/** Ours: the payment step again for a booking still awaiting payment (the same order or session). */
export const startBookingPayment = defineCall({
  method: 'POST',
  path: 'StartBookingPayment',
  params: bookingIdParamsSchema,
  data: z.object({ BookingId: z.number().int(), Next: nextStepSchema }),
});

/** Spec: POST CreateBooking_UploadImages (query token, multipart images and documents). */
export const uploadBookingFiles = defineCall({
  method: 'POST',
  path: 'CreateBooking_UploadImages',
  params: uploadParamsSchema,
  data: uploadResultSchema,
});

/**
 * Ours: one of a booking's uploaded documents, for its traveller only. Answers the file itself (an attachment), not an
 * envelope.
 */
export const getBookingDocument = defineCall({
  method: 'GET',
  path: 'GetBookingDocument',
  params: bookingFileParamsSchema,
  data: z.null(),
});

/** Spec: POST VerifyPan. */
export const verifyPan = defineCall({
  method: 'POST',
  path: 'VerifyPan',
  params: verifyPanParamsSchema,
  data: panResultSchema,
});

/** Spec: POST VerifyPaymentSignatureAsync (Razorpay). */
export const verifyRazorpayPayment = defineCall({
  method: 'POST',
  path: 'VerifyPaymentSignatureAsync',
  params: verifyRazorpayParamsSchema,
  data: bookingSummarySchema,
});

/** Spec: POST VerifyStripePaymentAsync. */
export const verifyStripePayment = defineCall({
  method: 'POST',
  path: 'VerifyStripePaymentAsync',
  params: verifyStripeParamsSchema,
  data: bookingSummarySchema,
});

/** Spec: GET BookingsList (userid): the traveller's own bookings, newest first. */
export const bookingsList = defineCall({
  method: 'GET',
  path: 'BookingsList',
  params: bookingsListParamsSchema,
  data: z.array(bookingSummarySchema),
});

/** Spec: GET BookingDetailById (RefIdKey). */
export const bookingDetailById = defineCall({
  method: 'GET',
  path: 'BookingDetailById',
  params: bookingDetailParamsSchema,
  data: bookingDetailSchema,
});

/** Spec: GET GetInvoiceDetails (BookingId): the invoice of a confirmed booking; `format=pdf` answers the PDF itself. */
export const getInvoiceDetails = defineCall({
  method: 'GET',
  path: 'GetInvoiceDetails',
  params: documentParamsSchema,
  data: invoiceSchema,
});

/**
 * Spec: GET GenerateAllVoucher (BookingId): a voucher per booked service; `format=pdf` answers one PDF with all of
 * them.
 */
export const generateAllVoucher = defineCall({
  method: 'GET',
  path: 'GenerateAllVoucher',
  params: documentParamsSchema,
  data: voucherSetSchema,
});

/**
 * GetCreditNoteDetails (BookingId, CreditNoteId): a cancelled booking's credit note (the newest without CreditNoteId),
 * beside its invoice; `format=pdf` answers the PDF itself.
 */
export const getCreditNoteDetails = defineCall({
  method: 'GET',
  path: 'GetCreditNoteDetails',
  params: creditNoteParamsSchema,
  data: creditNoteSchema,
});

/**
 * GetMoneyDocument (BookingId, DocumentId): a receipt voucher (an advance) or debit note (a failed refund reversed) of
 * the traveller's booking, the newest without DocumentId; `format=pdf` answers the PDF itself.
 */
export const getMoneyDocument = defineCall({
  method: 'GET',
  path: 'GetMoneyDocument',
  params: moneyDocumentParamsSchema,
  data: moneyDocumentSchema,
});

/**
 * GetMoneyDocuments (BookingId): all of the booking's receipt vouchers and debit notes, oldest first, for the trip
 * page.
 */
export const getMoneyDocuments = defineCall({
  method: 'GET',
  path: 'GetMoneyDocuments',
  params: moneyDocumentsParamsSchema,
  data: z.array(moneyDocumentSchema),
});
