import type { FastifyInstance } from 'fastify';
import { moneyDocumentCall } from '../../contract/admin-desk-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { bookingByRef } from '../services/desk/detail.ts';
import { moneyDocumentPdf } from '../services/documents/money-document-pdf.ts';
import { moneyDocument, moneyDocumentOf } from '../services/documents/money-documents.ts';
import { staffAction } from '../services/staff/staff-action.ts';
import type { AdminContext } from './admin.ts';

/**
 * The ledger's receipt vouchers and debit notes (issue 30) as staff open them, as credit notes are
 * (admin-refunds.ts): `<id>` answers the document as JSON, `<id>.pdf` its PDF (audited). Under
 * money-documents/, not documents/: those are the files the traveller uploaded (admin-desk.ts).
 * Declared in contract/admin-desk-calls.ts (decision 0111).
 */
export async function deskMoneyDocumentRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, moneyDocumentCall, async ({ params, actor, reply }) => {
    const id = Number(params.file.replace(/\.pdf$/, ''));
    const b = await bookingByRef(app.db, params.ref);
    const row = await moneyDocumentOf(app.db, b.id, id);
    const document = await moneyDocument(app.db, app.config, b, row);
    if (!params.file.endsWith('.pdf')) return ok(document);
    await staffAction(app.db, actor, ctx.now(), ({ audit }) =>
      audit({
        action: 'moneyDocuments.open',
        recordType: 'booking',
        recordId: b.refIdKey,
        after: { document: row.number, kind: row.kind },
      }),
    );
    const bytes = await moneyDocumentPdf(document, row.issuedAt);
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${document.pdf.filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
