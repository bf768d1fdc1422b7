import { z } from 'zod';
import { taxLineSchema } from './booking.ts';
import { documentFormatSchema, documentPdfSchema, invoiceSellerSchema } from './documents.ts';
import { idParam } from './common.ts';
import { currencySchema, siteSchema } from './site.ts';
import { inSmallestUnit } from './money.ts';

/*
 * A credit note (issue 20): issued when an invoiced booking is cancelled with money to give back.
 * Its own gapless series per site (`WLH-AE-CN-000001`), naming the tax invoice it corrects, with the
 * refunded amount spread over the booking's lines and the tax on each share reversed. Amounts are
 * integers of the smallest unit; a line's amount is before tax, its taxes are what is reversed on it.
 */

export const creditNoteLineSchema = z.object({
  /** 1, 2, ... on the note, in the booking's order (whatever the booking line's own position). */
  position: z.number().int(),
  title: z.string(),
  /** Given back on this line, before tax. */
  amount: inSmallestUnit(z.number().int()),
  /** The tax on that amount, reversed. */
  taxes: z.array(taxLineSchema),
  /** Amount and its taxes. */
  total: inSmallestUnit(z.number().int()),
});

export const creditNoteSchema = z.object({
  id: z.number().int(),
  BookingId: z.number().int(),
  RefIdKey: z.string(),
  site: siteSchema,
  currency: currencySchema,
  title: z.literal('Credit Note'),
  number: z.string(),
  /** The tax invoice it corrects. */
  invoiceNumber: z.string(),
  /** YYYY-MM-DD in the site's time zone. */
  issueDate: z.string(),
  reason: z.string(),
  seller: invoiceSellerSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    gstin: z.string().nullable(),
    trn: z.string().nullable(),
    /** India, when the booking has the lead traveller's PAN: masked (XXXXX1234F), as on the invoice. */
    pan: z.string().nullable().default(null),
  }),
  placeOfSupply: z.object({ state: z.string(), code: z.string() }).nullable(),
  lines: z.array(creditNoteLineSchema),
  /** The lines' amounts before tax. */
  amountBeforeTax: inSmallestUnit(z.number().int()),
  /** Each tax reversed, over all lines. */
  taxes: z.array(taxLineSchema),
  /** Everything credited, tax included: the refund. */
  total: inSmallestUnit(z.number().int()),
  notes: z.array(z.string()),
  pdf: documentPdfSchema,
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/**
 * GetCreditNoteDetails: the signed-in traveller's booking, one of its credit notes (the newest without CreditNoteId).
 */
export const creditNoteParamsSchema = z.object({
  Token: z.string().min(1).max(1024).optional(),
  BookingId: idParam,
  CreditNoteId: idParam.optional(),
  format: documentFormatSchema,
});

/** The credit notes of a booking, for the trip page (newest last). */
export const creditNoteListSchema = z.array(
  z.object({
    id: z.number().int(),
    number: z.string(),
    total: inSmallestUnit(z.number().int()),
    currency: currencySchema,
    issueDate: z.string(),
    url: z.string(),
    pdfUrl: z.string(),
  }),
);

export const CREDIT_NOTE_MESSAGES = {
  none: 'This booking has no credit note.',
} as const;
