import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inSmallestUnit } from '../../contract/money.ts';
import { ok } from '../lib/envelope.ts';
import { cancelBooking } from '../services/desk/cancel.ts';
import { creditNoteDocument } from '../services/desk/credit-notes.ts';
import { bookingMoneySide, creditNoteOfBooking } from '../services/desk/money-side.ts';
import { makeRefund, recordManualRefund, refundQueue, resendRefund } from '../services/desk/refunds.ts';
import { creditNotePdf } from '../services/documents/credit-note-pdf.ts';
import { staffAction } from '../services/staff/staff-action.ts';
import type { AdminContext } from './admin.ts';

/**
 * Cancellation by policy, refunds through the gateways and by hand, the refund queue, credit notes.
 */
export async function deskRefundRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const refParams = z.object({ ref: z.string().min(1).max(40) });
  /** Text of at most `max` characters; `what` names it when it is missing or too long. */
  const text = (max: number, what: string) =>
    z
      .string({ message: `Enter ${what}.` })
      .trim()
      .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} can be at most ${max} characters.`);

  /** The money side of one booking, for the cancel panel: quote, payments, refunds, credit notes, requests. */
  app.get(
    '/bookings/:ref/refunds',
    { preHandler: ctx.guard('bookings.read'), schema: { params: refParams } },
    async (request) => ok(await bookingMoneySide(app.db, request.params.ref, ctx.now())),
  );

  app.post(
    '/bookings/:ref/cancel',
    {
      preHandler: ctx.guard('bookings.cancel'),
      schema: {
        params: refParams,
        body: z.object({
          reason: text(500, 'the reason for the cancellation'),
          keep: inSmallestUnit(
            z
              .number({ message: 'Enter the amount kept in the smallest unit of the currency (fils, paise).' })
              .int('Enter the amount kept as a whole number of fils or paise.')
              .min(0, 'The amount kept cannot be negative.')
              .max(1_000_000_000, 'That amount is too large.'),
          ).optional(),
          keepReason: text(500, 'the reason for the amount kept').optional(),
          requestId: z
            .number({ message: 'The request to approve is named by its number.' })
            .int()
            .positive()
            .optional(),
        }),
      },
    },
    async (request) => {
      const result = await cancelBooking(
        app.db,
        app.config,
        ctx.actorOf(request),
        request.params.ref,
        request.body,
        ctx.now(),
      );
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
          paymentId: z
            .number({ message: 'Choose the payment to refund.' })
            .int('Choose the payment to refund.')
            .positive('Choose the payment to refund.'),
          amount: inSmallestUnit(
            z
              .number({ message: 'Enter the amount to refund, in the smallest unit of the currency (fils, paise).' })
              .int('Enter the amount as a whole number of fils or paise.')
              .positive('The amount must be more than zero.')
              .max(1_000_000_000, 'That amount is too large.'),
          ),
          reason: text(500, 'the reason for the refund').min(1, 'Give the reason for the refund.'),
          note: text(2000, 'the note').optional(),
          reference: text(200, 'the refund’s reference').optional(),
        }),
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const { refund, replay } = await makeRefund(
        app.db,
        app.config,
        ctx.actorOf(request),
        request.params.ref,
        request.body,
        typeof key === 'string' ? key : undefined,
        ctx.now(),
      );
      return ok(
        { refund, replay },
        replay
          ? 'This refund was already made (the same request twice).'
          : refund.status === 'processed'
            ? 'Refund recorded.'
            : 'Refund sent: it shows processed when the provider confirms it.',
      );
    },
  );

  app.post(
    '/bookings/:ref/refunds/:id/record',
    {
      preHandler: ctx.guard('refunds.make'),
      schema: {
        params: refParams.extend({ id: z.coerce.number().int().positive() }),
        body: z.object({ reference: text(200, 'the reference of the refund (the bank transfer’s or the receipt’s)') }),
      },
    },
    async (request) => {
      const refund = await recordManualRefund(
        app.db,
        ctx.actorOf(request),
        request.params.ref,
        request.params.id,
        request.body.reference,
        ctx.now(),
      );
      return ok({ refund }, 'Refund recorded.');
    },
  );

  app.post(
    '/bookings/:ref/refunds/:id/send',
    {
      preHandler: ctx.guard('refunds.make'),
      schema: { params: refParams.extend({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const refund = await resendRefund(
        app.db,
        app.config,
        ctx.actorOf(request),
        request.params.ref,
        request.params.id,
        ctx.now(),
      );
      return ok({ refund }, 'Refund sent.');
    },
  );

  app.get('/refunds', { preHandler: ctx.guard('refunds.make') }, async () =>
    ok({ items: await refundQueue(app.db, ctx.now()) }),
  );

  /** A credit note as JSON, or its PDF (`<id>.pdf`, audited). */
  app.get(
    '/bookings/:ref/credit-notes/:file',
    {
      preHandler: ctx.guard('bookings.read'),
      schema: { params: refParams.extend({ file: z.string().regex(/^\d{1,9}(\.pdf)?$/, 'must be a credit note id') }) },
    },
    async (request, reply) => {
      const id = Number(request.params.file.replace(/\.pdf$/, ''));
      const { booking: b, creditNote: n } = await creditNoteOfBooking(app.db, request.params.ref, id);
      const document = await creditNoteDocument(app.db, app.config, b, n);
      if (!request.params.file.endsWith('.pdf')) return ok(document);
      await staffAction(app.db, ctx.actorOf(request), ctx.now(), ({ audit }) =>
        audit({
          action: 'creditNotes.open',
          recordType: 'booking',
          recordId: b.refIdKey,
          after: { creditNote: n.number },
        }),
      );
      const bytes = await creditNotePdf(document, n.issuedAt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.pdf.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
}
