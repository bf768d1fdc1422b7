import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ApiCall } from '../../contract/api.ts';
import {
  generateAllVoucher,
  getCreditNoteDetails,
  getInvoiceDetails,
  getMoneyDocument,
  getMoneyDocuments,
} from '../../contract/booking-calls.ts';
import type { documentParamsSchema } from '../../contract/documents.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../lib/envelope.ts';
import { signedIn } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { invoiceFor } from '../services/documents/invoice.ts';
import { invoicePdf } from '../services/documents/invoice-pdf.ts';
import { vouchersFor } from '../services/documents/vouchers.ts';
import { vouchersPdf } from '../services/documents/vouchers-pdf.ts';
import { creditNotePdf } from '../services/documents/credit-note-pdf.ts';
import { travellerCreditNote } from '../services/desk/credit-notes.ts';
import { moneyDocumentPdf } from '../services/documents/money-document-pdf.ts';
import { travellerMoneyDocument, travellerMoneyDocuments } from '../services/documents/money-documents.ts';

/**
 * A document as a download, sent here (a Buffer skips the serializer): the route then answers
 * nothing of its own, which Fastify allows once the reply is sent.
 */
function sendPdf(reply: FastifyReply, filename: string, bytes: Uint8Array): void {
  void reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes));
}

/** One document call: the signed-in traveller's own booking, as JSON or (format=pdf) as its PDF. */
function documentRoute<D extends { pdf: { filename: string } }>(
  app: FastifyInstance,
  call: ApiCall<typeof documentParamsSchema, z.ZodType<D>>,
  load: (db: Db, config: Config, userId: number, bookingId: number) => Promise<{ document: D; issuedAt: Date }>,
  render: (document: D, issuedAt: Date) => Promise<Uint8Array>,
) {
  route(app, call, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { document, issuedAt } = await load(app.db, app.config, me.userId, p.BookingId);
    // Personal: never kept by a shared cache; the app keeps its own copy in the wallet.
    reply.header('cache-control', 'private, no-store');
    if (p.format === 'pdf') return sendPdf(reply, document.pdf.filename, await render(document, issuedAt));
    return ok(document);
  });
}

/** GetInvoiceDetails, GenerateAllVoucher, GetCreditNoteDetails, GetMoneyDocument and GetMoneyDocuments. */
export async function documentRoutes(app: FastifyInstance) {
  documentRoute(app, getInvoiceDetails, invoiceFor, invoicePdf);
  documentRoute(app, generateAllVoucher, vouchersFor, vouchersPdf);
  // A cancelled booking's credit note, beside its invoice (issue 20).
  route(app, getCreditNoteDetails, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { document, issuedAt } = await travellerCreditNote(
      app.db,
      app.config,
      me.userId,
      p.BookingId,
      p.CreditNoteId,
    );
    reply.header('cache-control', 'private, no-store');
    if (p.format === 'pdf') return sendPdf(reply, document.pdf.filename, await creditNotePdf(document, issuedAt));
    return ok(document);
  });
  // The ledger's receipt vouchers (advances) and debit notes (failed refunds reversed), issue 30.
  route(app, getMoneyDocument, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { document, issuedAt } = await travellerMoneyDocument(
      app.db,
      app.config,
      me.userId,
      p.BookingId,
      p.DocumentId,
    );
    reply.header('cache-control', 'private, no-store');
    if (p.format === 'pdf') return sendPdf(reply, document.pdf.filename, await moneyDocumentPdf(document, issuedAt));
    return ok(document);
  });
  route(app, getMoneyDocuments, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const documents = await travellerMoneyDocuments(app.db, app.config, me.userId, p.BookingId);
    reply.header('cache-control', 'private, no-store');
    return ok(documents);
  });
}
