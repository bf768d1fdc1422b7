import type { CreditNote } from '../../../contract/credit-notes.ts';
import type { Invoice, VoucherSet } from '../../../contract/documents.ts';
import type { MoneyDocument } from '../../../contract/money-documents.ts';
import { creditNotePdf } from './credit-note-pdf.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { moneyDocumentPdf } from './money-document-pdf.ts';
import { vouchersPdf } from './vouchers-pdf.ts';

/**
 * One PDF to render, as plain data (read from the database beforehand): what the PDF worker thread
 * is given (server/services/documents/pdf-pool.ts), and what the process renders itself when the
 * worker cannot.
 */
export type PdfJob =
  | { kind: 'invoice'; document: Invoice; issuedAt: Date }
  | { kind: 'vouchers'; document: VoucherSet; issuedAt: Date }
  | { kind: 'credit-note'; document: CreditNote; issuedAt: Date }
  | { kind: 'money-document'; document: MoneyDocument; issuedAt: Date };

/** Renders a job's bytes here, in this thread. */
export function renderPdfHere(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'invoice':
      return invoicePdf(job.document, job.issuedAt);
    case 'vouchers':
      return vouchersPdf(job.document, job.issuedAt);
    case 'credit-note':
      return creditNotePdf(job.document, job.issuedAt);
    case 'money-document':
      return moneyDocumentPdf(job.document, job.issuedAt);
  }
}
