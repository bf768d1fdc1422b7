import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bookings, creditNotes } from '../db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { creditNoteDocument } from './desk/credit-notes.ts';
import { creditNotePdf } from './documents/credit-note-pdf.ts';
import { invoicePdf } from './documents/invoice-pdf.ts';
import { invoiceFor } from './documents/invoice.ts';
import { vouchersPdf } from './documents/vouchers-pdf.ts';
import { vouchersFor } from './documents/vouchers.ts';
import type { AttachmentRenderer } from './outbox.ts';
import { DomainError } from '../lib/errors.ts';

/**
 * The documents a queued mail carries, rendered when it is sent from the booking as it is then
 * (the invoice, or the proforma before payment; the vouchers once paid). A document the booking
 * cannot have (vouchers of an unpaid booking) is left out rather than failing the mail.
 */
export function attachmentRenderer(config: Config): AttachmentRenderer {
  return async (db: Db, a) => {
    const [b] = await db.select({ userId: bookings.userId, ref: bookings.refIdKey }).from(bookings).where(eq(bookings.id, a.bookingId));
    if (!b) return [];
    try {
      if (a.type === 'invoice') {
        const { document, issuedAt } = await invoiceFor(db, config, b.userId, a.bookingId);
        return [{ filename: `invoice-${b.ref}.pdf`, content: Buffer.from(await invoicePdf(document, issuedAt)), contentType: 'application/pdf' }];
      }
      if (a.type === 'credit-note' && a.creditNoteId) {
        const [row] = await db.select().from(bookings).where(eq(bookings.id, a.bookingId));
        const [n] = await db.select().from(creditNotes).where(and(eq(creditNotes.id, a.creditNoteId), eq(creditNotes.bookingId, a.bookingId)));
        if (!row || !n) return [];
        const document = await creditNoteDocument(db, config, row, n);
        return [{ filename: document.pdf.filename, content: Buffer.from(await creditNotePdf(document, n.issuedAt)), contentType: 'application/pdf' }];
      }
      if (a.type === 'vouchers') {
        const { document, issuedAt } = await vouchersFor(db, config, b.userId, a.bookingId);
        return [{ filename: `vouchers-${b.ref}.pdf`, content: Buffer.from(await vouchersPdf(document, issuedAt)), contentType: 'application/pdf' }];
      }
    } catch (err) {
      // A conflict (no vouchers before payment, a cancelled booking's documents): the mail goes without it.
      if (err instanceof DomainError && err.kind === 'conflict') return [];
      throw err;
    }
    throw new Error(`no renderer for the ${a.type} attachment`);
  };
}
