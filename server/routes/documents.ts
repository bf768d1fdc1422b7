import type { FastifyInstance, FastifyReply } from 'fastify';
import { generateAllVoucher, getInvoiceDetails } from '../../contract/booking-calls.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { ok } from '../lib/envelope.ts';
import { signedIn } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { invoiceFor } from '../services/documents/invoice.ts';
import { invoicePdf } from '../services/documents/invoice-pdf.ts';
import { vouchersFor } from '../services/documents/vouchers.ts';
import { vouchersPdf } from '../services/documents/vouchers-pdf.ts';

/**
 * A document as a download. The route's answer type is the JSON envelope; a reply already sent
 * (a Buffer skips the serializer) is returned in its place, as Fastify allows.
 */
function sendPdf(reply: FastifyReply, filename: string, bytes: Uint8Array): Envelope<never> {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes)) as unknown as Envelope<never>;
}

/** GetInvoiceDetails and GenerateAllVoucher: the signed-in traveller's own documents only. */
export async function documentRoutes(app: FastifyInstance) {
  route(app, getInvoiceDetails, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { invoice, issuedAt } = await invoiceFor(app.db, app.config, me.userId, p.BookingId);
    // Personal: never kept by a shared cache; the app keeps its own copy in the wallet.
    reply.header('cache-control', 'private, no-store');
    if (p.format === 'pdf') return sendPdf(reply, invoice.pdf.filename, await invoicePdf(invoice, issuedAt));
    return ok(invoice);
  });

  route(app, generateAllVoucher, async (p, request, reply) => {
    const me = await signedIn(app, request, p.Token);
    const { vouchers, issuedAt } = await vouchersFor(app.db, app.config, me.userId, p.BookingId);
    reply.header('cache-control', 'private, no-store');
    if (p.format === 'pdf') return sendPdf(reply, vouchers.pdf.filename, await vouchersPdf(vouchers, issuedAt));
    return ok(vouchers);
  });
}
