import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-refunds-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { cancelBooking } from '../services/desk/cancel.ts';
import { creditNoteDocument } from '../services/desk/credit-notes.ts';
import { bookingMoneySide, creditNoteOfBooking } from '../services/desk/money-side.ts';
import { makeRefund, recordManualRefund, refundQueue, resendRefund } from '../services/desk/refunds.ts';
import { creditNotePdf } from '../services/documents/credit-note-pdf.ts';
import { staffAction } from '../services/staff/staff-action.ts';
import type { AdminContext } from './admin.ts';

/**
 * Cancellation by policy, refunds through the gateways and by hand, the refund queue, credit notes. Each call is
 * declared in contract/admin-refunds-calls.ts (decision 0111).
 */
export async function deskRefundRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, calls.bookingMoneyCall, async ({ params }) =>
    ok(await bookingMoneySide(app.db, params.ref, ctx.now())),
  );

  adminRoute(app, ctx, calls.cancelBookingCall, async ({ params, body, actor }) => {
    const result = await cancelBooking(app.db, app.config, actor, params.ref, body, ctx.now());
    const msg = result.failures.length
      ? `Booking cancelled, but a refund was refused: ${result.failures.join(' ')} It is in the refund queue.`
      : result.refund > 0
        ? 'Booking cancelled: rooms released, refunds started, the traveller mailed.'
        : 'Booking cancelled: rooms released, the traveller mailed. Nothing to refund.';
    return ok(result, msg);
  });

  adminRoute(app, ctx, calls.makeRefundCall, async ({ params, body, actor, request }) => {
    const key = request.headers['idempotency-key'];
    const { refund, replay } = await makeRefund(
      app.db,
      app.config,
      actor,
      params.ref,
      body,
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
  });

  adminRoute(app, ctx, calls.recordRefundCall, async ({ params, body, actor }) => {
    const refund = await recordManualRefund(app.db, actor, params.ref, params.id, body.reference, ctx.now());
    return ok({ refund }, 'Refund recorded.');
  });

  adminRoute(app, ctx, calls.sendRefundCall, async ({ params, actor }) => {
    const refund = await resendRefund(app.db, app.config, actor, params.ref, params.id, ctx.now());
    return ok({ refund }, 'Refund sent.');
  });

  adminRoute(app, ctx, calls.refundQueueCall, async () => ok({ items: await refundQueue(app.db, ctx.now()) }));

  /** A credit note as JSON, or its PDF (`<id>.pdf`, audited), sent here: no envelope. */
  adminRoute(app, ctx, calls.creditNoteCall, async ({ params, actor, reply }) => {
    const id = Number(params.file.replace(/\.pdf$/, ''));
    const { booking: b, creditNote: n } = await creditNoteOfBooking(app.db, params.ref, id);
    const document = await creditNoteDocument(app.db, app.config, b, n);
    if (!params.file.endsWith('.pdf')) return ok(document);
    await staffAction(app.db, actor, ctx.now(), ({ audit }) =>
      audit({
        action: 'creditNotes.open',
        recordType: 'booking',
        recordId: b.refIdKey,
        after: { creditNote: n.number },
      }),
    );
    const bytes = await creditNotePdf(document, n.issuedAt);
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${document.pdf.filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
