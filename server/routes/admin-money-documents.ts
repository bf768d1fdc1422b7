import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
 */
export async function deskMoneyDocumentRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const params = z.object({
    ref: z.string().min(1).max(40),
    file: z.string().regex(/^\d{1,9}(\.pdf)?$/, 'must be a receipt voucher’s or debit note’s id'),
  });

  app.get(
    '/bookings/:ref/money-documents/:file',
    { preHandler: ctx.guard('bookings.read'), schema: { params } },
    async (request, reply) => {
      const id = Number(request.params.file.replace(/\.pdf$/, ''));
      const b = await bookingByRef(app.db, request.params.ref);
      const row = await moneyDocumentOf(app.db, b.id, id);
      const document = await moneyDocument(app.db, app.config, b, row);
      if (!request.params.file.endsWith('.pdf')) return ok(document);
      await staffAction(app.db, ctx.actorOf(request), ctx.now(), ({ audit }) =>
        audit({
          action: 'moneyDocuments.open',
          recordType: 'booking',
          recordId: b.refIdKey,
          after: { document: row.number, kind: row.kind },
        }),
      );
      const bytes = await moneyDocumentPdf(document, row.issuedAt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.pdf.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
}
