import { z } from 'zod';
import { taxLineSchema } from './booking.ts';
import { idParam } from './common.ts';
import { documentFormatSchema, documentPdfSchema, invoiceSellerSchema } from './documents.ts';
import { inSmallestUnit } from './money.ts';
import { currencySchema, siteSchema } from './site.ts';

/*
 * The documents the money ledger issues besides invoices and credit notes (issue 30): a receipt
 * voucher for an advance (a part payment that does not complete the booking, with the tax on it
 * accounted for the day it arrived) and a debit note when a refund under a credit note fails (it
 * charges the refund and its tax back). Each has its own gapless series per site
 * (`WLH-IN-RV-000001`, `WLH-AE-DN-000001`), written by the ledger in the transaction of the money it
 * covers (table money_documents). Amounts are integers of the smallest unit; `total` is what the
 * document covers with its taxes (GST and TCS added, UAE VAT inside).
 */

export const MONEY_DOCUMENT_KINDS = ['receipt', 'debit-note'] as const;
export const moneyDocumentKindSchema = z.enum(MONEY_DOCUMENT_KINDS);
export type MoneyDocumentKind = z.infer<typeof moneyDocumentKindSchema>;

export const MONEY_DOCUMENT_TITLES = {
  receipt: 'Receipt Voucher',
  'debit-note': 'Debit Note',
} as const satisfies Record<MoneyDocumentKind, string>;

/** What a document says under its totals (the PDF and the app print the same words). */
export const MONEY_DOCUMENT_NOTES = {
  receiptIndia:
    'Receipt voucher for an advance received for tour operator services (SAC 998552). GST on this advance is accounted for on the date of receipt; the tax invoice follows when the balance is paid.',
  receiptUae:
    'VAT on this advance is accounted for on the date it was received (the tax point); the tax invoice follows when the balance is paid.',
  debitNote: (creditNote: string | null, ref: string) =>
    `This debit note reverses ${creditNote ? `credit note ${creditNote}` : 'the credit note'} of booking ${ref}: the refund did not reach you, and the amount and its tax are charged back until it is sent again.`,
} as const;

export const moneyDocumentSchema = z.object({
  id: z.number().int(),
  kind: moneyDocumentKindSchema,
  title: z.enum([MONEY_DOCUMENT_TITLES.receipt, MONEY_DOCUMENT_TITLES['debit-note']]),
  /** `WLH-IN-RV-000001` (receipt voucher), `WLH-AE-DN-000001` (debit note). */
  number: z.string(),
  /** YYYY-MM-DD in the site's time zone: the day it was issued (an advance's: the day the money was recorded). */
  issueDate: z.string(),
  RefIdKey: z.string(),
  BookingId: z.number().int(),
  site: siteSchema,
  currency: currencySchema,
  seller: invoiceSellerSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    gstin: z.string().nullable(),
    trn: z.string().nullable(),
    /**
     * India, when the booking has the lead traveller's PAN: masked (XXXXX1234F), as on the invoice and the credit note.
     */
    pan: z.string().nullable(),
  }),
  /** India: the place of supply with its GST state code; null on the UAE site. */
  placeOfSupply: z.object({ state: z.string(), code: z.string() }).nullable(),
  /** Debit note: the credit note it reverses; null on a receipt voucher. */
  creditNoteNumber: z.string().nullable(),
  /** What the money was: the advance received, or the refund charged back. */
  description: z.string(),
  reason: z.string(),
  /** Before tax (UAE: its zero-rated and out-of-scope parts included). */
  taxable: inSmallestUnit(z.number().int()),
  /** GST (CGST + SGST or IGST) and TCS added, or UAE VAT included, at the rates of the day the entry was written. */
  taxes: z.array(taxLineSchema),
  /** Everything the document covers, tax (and TCS) included. */
  total: inSmallestUnit(z.number().int()),
  notes: z.array(z.string()),
  pdf: documentPdfSchema,
});
export type MoneyDocument = z.infer<typeof moneyDocumentSchema>;

/**
 * GetMoneyDocument: the signed-in traveller's booking, one of its receipt vouchers or debit notes (the newest without
 * DocumentId).
 */
export const moneyDocumentParamsSchema = z.object({
  Token: z.string().min(1).max(1024).optional(),
  BookingId: idParam,
  DocumentId: idParam.optional(),
  format: documentFormatSchema,
});

/** GetMoneyDocuments: all of them, oldest first (none: an empty list). */
export const moneyDocumentsParamsSchema = z.object({
  Token: z.string().min(1).max(1024).optional(),
  BookingId: idParam,
});

export const MONEY_DOCUMENT_MESSAGES = {
  none: 'This booking has no receipt voucher or debit note.',
} as const;
