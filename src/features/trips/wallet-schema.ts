import { z } from 'zod';
import { creditNoteSchema } from '../../../contract/credit-notes.ts';
import { bookingDetailSchema } from '../../../contract/booking.ts';
import { invoiceSchema, voucherSetSchema } from '../../../contract/documents.ts';
import { moneyDocumentSchema } from '../../../contract/money-documents.ts';
import { parseRows, shopDb, type ShopDb } from '../../lib/db.ts';

/*
 * A saved trip whole, parsed with the contract's schemas: what the trip, voucher and invoice pages
 * show from the phone. My trips and the sync read rows by their shape instead (wallet.ts listEntry)
 * and never load these schemas.
 */

export const walletEntrySchema = z.object({
  ref: z.string(),
  userId: z.string(),
  savedAt: z.number(),
  /**
   * Status, payment state, total and each document's kind, number and version when saved: what tells a copy is out of
   * date (wallet.ts versionOf).
   */
  version: z.string(),
  detail: bookingDetailSchema,
  invoice: invoiceSchema.nullable(),
  vouchers: voucherSetSchema.nullable(),
  invoicePdf: z.instanceof(Blob).nullable(),
  vouchersPdf: z.instanceof(Blob).nullable(),
  /** A cancelled booking's credit note, kept beside its invoice (copies saved before had none). */
  creditNote: creditNoteSchema.nullable().default(null),
  creditNotePdf: z.instanceof(Blob).nullable().default(null),
  /**
   * Receipt vouchers (advances) and debit notes (failed refunds reversed), oldest first, each with its PDF (copies
   * saved before had none).
   */
  moneyDocuments: z.array(z.object({ document: moneyDocumentSchema, pdf: z.instanceof(Blob).nullable() })).default([]),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** One saved trip, parsed whole (null: none, or a row of another shape). */
export async function walletEntry(ref: string, db: ShopDb = shopDb()): Promise<WalletEntry | null> {
  return parseRows(walletEntrySchema, [await db.wallet.get(ref)])[0] ?? null;
}
