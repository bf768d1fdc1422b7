import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DESK_MESSAGES, type DeskCancellationRequest } from '../../contract/desk.ts';
import { inSmallestUnit } from '../../contract/money.ts';
import { bookings, cancellationRequests, creditNotes, staff } from '../db/schema.ts';
import { ok } from '../lib/envelope.ts';
import { notFound } from '../lib/errors.ts';
import { cancelBooking, cancellationQuote } from '../services/desk/cancel.ts';
import { creditNoteDocument, creditNotesOf, deskCreditNote } from '../services/desk/credit-notes.ts';
import { deskPayments, deskRefunds, makeRefund, recordManualRefund, refundQueue, resendRefund } from '../services/desk/refunds.ts';
import { creditNotePdf } from '../services/documents/credit-note-pdf.ts';
import { writeAudit } from '../services/staff/audit.ts';
import type { AdminContext } from './admin.ts';

/**
 * Cancellation by policy, refunds through the gateways and by hand, the refund queue, credit notes.
 */
export async function deskRefundRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const refParams = z.object({ ref: z.string().min(1).max(40) });
  const text = (max: number) => z.string().trim().max(max);

  const bookingOf = async (ref: string) => {
    const [b] = await app.db.select().from(bookings).where(eq(bookings.refIdKey, ref));
    if (!b) throw notFound(DESK_MESSAGES.notFound);
    return b;
  };

  /** The money side of one booking, for the cancel panel: quote, payments, refunds, credit notes, requests. */
  app.get('/bookings/:ref/refunds', { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } }, async (request) => {
    const b = await bookingOf(request.params.ref);
    const requests = await app.db
      .select({ r: cancellationRequests, by: staff.email })
      .from(cancellationRequests)
      .leftJoin(staff, eq(staff.id, cancellationRequests.decidedBy))
      .where(eq(cancellationRequests.bookingId, b.id))
      .orderBy(asc(cancellationRequests.id));
    const cancellationRequestsOut: DeskCancellationRequest[] = requests.map(({ r, by }) => ({
      id: r.id,
      reason: r.reason,
      status: r.status,
      decisionMessage: r.decisionMessage,
      decidedBy: by,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
    return ok({
      RefIdKey: b.refIdKey,
      Status: b.status,
      PaymentStatus: b.paymentStatus,
      Currency: b.currency,
      invoiceNumber: b.invoiceNumber,
      cancellation: await cancellationQuote(app.db, b, ctx.now().toISOString().slice(0, 10)),
      payments: await deskPayments(app.db, b.id),
      refunds: await deskRefunds(app.db, { bookingId: b.id }),
      creditNotes: (await creditNotesOf(app.db, b.id)).map((n) => deskCreditNote(n, b.refIdKey)),
      cancellationRequests: cancellationRequestsOut,
    });
  });

  app.post(
    '/bookings/:ref/cancel',
    {
      preHandler: ctx.guard('bookings.cancel'),
      schema: {
        params: refParams,
        body: z.object({
          reason: text(500),
          keep: inSmallestUnit(z.number().int().min(0).max(1_000_000_000)).optional(),
          keepReason: text(500).optional(),
          requestId: z.number().int().positive().optional(),
        }),
      },
    },
    async (request) => {
      const result = await cancelBooking(app.db, app.config, ctx.actorOf(request), request.params.ref, request.body, ctx.now());
      app.kickOutbox();
      const msg = result.failures.length
        ? `Booking cancelled, but a refund was refused: ${result.failures.join(' ')} It is in the refund queue.`
        : result.refund > 0
          ? 'Booking cancelled: rooms released, refunds started, the traveller mailed.'
          : 'Booking cancelled: rooms released, the traveller mailed. Nothing to refund.';
      return ok(result, msg);
    },
  );

  app.post(
    '/bookings/:ref/refunds',
    {
      preHandler: ctx.guard('refunds.make'),
      schema: {
        params: refParams,
        body: z.object({
          paymentId: z.number().int().positive(),
          amount: inSmallestUnit(z.number().int().positive().max(1_000_000_000)),
          reason: text(500).min(1, 'Give the reason for the refund.'),
          note: text(2000).optional(),
          reference: text(200).optional(),
        }),
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const { refund, replay } = await makeRefund(app.db, app.config, ctx.actorOf(request), request.params.ref, request.body, typeof key === 'string' ? key : undefined, ctx.now());
      app.kickOutbox();
      return ok(
        { refund, replay },
        replay ? 'This refund was already made (the same request twice).' : refund.status === 'processed' ? 'Refund recorded.' : 'Refund sent: it shows processed when the provider confirms it.',
      );
    },
  );

  app.post(
    '/bookings/:ref/refunds/:id/record',
    { preHandler: ctx.guard('refunds.make'), schema: { params: refParams.extend({ id: z.coerce.number().int().positive() }), body: z.object({ reference: text(200) }) } },
    async (request) => {
      const refund = await recordManualRefund(app.db, ctx.actorOf(request), request.params.ref, request.params.id, request.body.reference, ctx.now());
      app.kickOutbox();
      return ok({ refund }, 'Refund recorded.');
    },
  );

  app.post(
    '/bookings/:ref/refunds/:id/send',
    { preHandler: ctx.guard('refunds.make'), schema: { params: refParams.extend({ id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const refund = await resendRefund(app.db, app.config, ctx.actorOf(request), request.params.ref, request.params.id, ctx.now());
      app.kickOutbox();
      return ok({ refund }, 'Refund sent.');
    },
  );

  app.get('/refunds', { preHandler: ctx.guard('refunds.make') }, async () => ok({ items: await refundQueue(app.db, ctx.now()) }));

  /** A credit note as JSON, or its PDF (`<id>.pdf`, audited). */
  app.get(
    '/bookings/:ref/credit-notes/:file',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams.extend({ file: z.string().regex(/^\d{1,9}(\.pdf)?$/, 'must be a credit note id') }) } },
    async (request, reply) => {
      const b = await bookingOf(request.params.ref);
      const id = Number(request.params.file.replace(/\.pdf$/, ''));
      const [n] = await app.db.select().from(creditNotes).where(and(eq(creditNotes.id, id), eq(creditNotes.bookingId, b.id)));
      if (!n) throw notFound('This booking has no credit note with that id.');
      const document = await creditNoteDocument(app.db, app.config, b, n);
      if (!request.params.file.endsWith('.pdf')) return ok(document);
      await writeAudit(app.db, ctx.actorOf(request), { action: 'creditNotes.open', recordType: 'booking', recordId: b.refIdKey, after: { creditNote: n.number } }, ctx.now());
      const bytes = await creditNotePdf(document, n.issuedAt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.pdf.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
}
