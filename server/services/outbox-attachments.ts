import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bookings, creditNotes, ledgerEntries, moneyDocuments } from '../db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { creditNoteDocument } from './desk/credit-notes.ts';
import { moneyDocument } from './documents/money-documents.ts';
import { invoiceFor } from './documents/invoice.ts';
import { pdfPool, type PdfPool } from './documents/pdf-pool.ts';
import { vouchersFor } from './documents/vouchers.ts';
import type { AttachmentRenderer } from './outbox.ts';
import { DomainError } from '../lib/errors.ts';

/**
 * The documents a queued mail carries, rendered when it is sent from the booking as it is then
 * (the invoice, or the proforma before payment; the vouchers once paid; a credit note; a receipt
 * voucher or debit note). A document the booking cannot have (vouchers of an unpaid booking, the
 * receipt voucher of a payment that got the tax invoice) is left out rather than failing the mail.
 * The documents are read from the database here; their bytes are rendered by the PDF worker thread
 * (server/services/documents/pdf-pool.ts), or here if it failed (said once in `log`).
 */
export function attachmentRenderer(
  config: Config,
  log?: { warn(obj: object, msg?: string): void },
  pool: PdfPool = pdfPool,
): AttachmentRenderer {
  const pdf = async (job: Parameters<PdfPool['render']>[0]) => {
    const bytes = await pool.render(job, log);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return async (db: Db, a) => {
    // The booking, read once: its owner and reference name the files, and a credit note or money document is made from
    // it.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, a.bookingId));
    if (!row) return [];
    try {
      if (a.type === 'invoice') {
        const { document, issuedAt } = await invoiceFor(db, config, row.userId, a.bookingId);
        return [
          {
            filename: `invoice-${row.refIdKey}.pdf`,
            content: await pdf({ kind: 'invoice', document, issuedAt }),
            contentType: 'application/pdf',
          },
        ];
      }
      if (a.type === 'credit-note' && a.creditNoteId) {
        const [n] = await db
          .select()
          .from(creditNotes)
          .where(and(eq(creditNotes.id, a.creditNoteId), eq(creditNotes.bookingId, a.bookingId)));
        if (!n) return [];
        const document = await creditNoteDocument(db, config, row, n);
        return [
          {
            filename: document.pdf.filename,
            content: await pdf({ kind: 'credit-note', document, issuedAt: n.issuedAt }),
            contentType: 'application/pdf',
          },
        ];
      }
      if (a.type === 'money-document') {
        const number = a.moneyDocumentId
          ? null
          : a.paymentRef
            ? await receiptVoucherOfPayment(db, a.bookingId, a.paymentRef)
            : null;
        if (!a.moneyDocumentId && !number) return [];
        const [d] = await db
          .select()
          .from(moneyDocuments)
          .where(
            and(
              eq(moneyDocuments.bookingId, a.bookingId),
              a.moneyDocumentId ? eq(moneyDocuments.id, a.moneyDocumentId) : eq(moneyDocuments.number, number!),
            ),
          );
        if (!d) return [];
        const document = await moneyDocument(db, config, row, d);
        return [
          {
            filename: document.pdf.filename,
            content: await pdf({ kind: 'money-document', document, issuedAt: d.issuedAt }),
            contentType: 'application/pdf',
          },
        ];
      }
      if (a.type === 'vouchers') {
        const { document, issuedAt } = await vouchersFor(db, config, row.userId, a.bookingId);
        return [
          {
            filename: `vouchers-${row.refIdKey}.pdf`,
            content: await pdf({ kind: 'vouchers', document, issuedAt }),
            contentType: 'application/pdf',
          },
        ];
      }
    } catch (err) {
      // A conflict (no vouchers before payment, a cancelled booking's documents): the mail goes without it.
      if (err instanceof DomainError && err.kind === 'conflict') return [];
      throw err;
    }
    throw new Error(`no renderer for the ${a.type} attachment`);
  };
}

/**
 * The receipt voucher the ledger gave the money received under this reference (a desk payment's, a gateway's id), if it
 * was an advance.
 */
async function receiptVoucherOfPayment(db: Db, bookingId: number, paymentRef: string): Promise<string | null> {
  const [e] = await db
    .select({ number: ledgerEntries.documentNumber })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, bookingId),
        eq(ledgerEntries.providerRef, paymentRef),
        eq(ledgerEntries.documentKind, 'receipt'),
      ),
    )
    .limit(1);
  return e?.number ?? null;
}
