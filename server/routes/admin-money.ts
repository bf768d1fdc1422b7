import type { FastifyInstance } from 'fastify';
import { correctTravellerCall, recordPaymentCall, resendMailCall } from '../../contract/admin-desk-calls.ts';
import { adminRoute } from '../lib/admin-route.ts';
import { ok } from '../lib/envelope.ts';
import { formatMinor } from '../../contract/format.ts';
import { recordManualPayment } from '../services/desk/payments.ts';
import { resendMail } from '../services/desk/resend.ts';
import { correctTravellerName } from '../services/desk/travellers.ts';
import type { AdminContext } from './admin.ts';

/**
 * Money received and bookings kept right: record a payment, resend mail, correct a traveller's name.
 * Each call is declared in contract/admin-desk-calls.ts (decision 0111); the body is checked after
 * the guard (everyFieldMessage: every field's message at once), so a caller without a session or the
 * permission learns nothing.
 */
export async function deskMoneyRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, recordPaymentCall, async ({ params, body, actor }) => {
    const done = await recordManualPayment(app.db, app.config, actor, params.ref, body, ctx.now());
    return ok(
      done,
      done.PaymentStatus === 'paid'
        ? `Payment recorded: booking ${done.RefIdKey} is paid in full${done.invoiceNumber ? ` (tax invoice ${done.invoiceNumber})` : ''}. The receipt is on its way to the traveller.`
        : `Payment recorded: ${formatMinor(done.AmountDue, done.Currency)} is still due on ${done.RefIdKey}. The receipt is on its way to the traveller.`,
    );
  });

  adminRoute(app, ctx, resendMailCall, async ({ params, body, actor }) => {
    const sent = await resendMail(app.db, app.config, actor, params.ref, body.what, ctx.now());
    return ok(sent, `The ${body.what} is on its way to ${sent.to}.`);
  });

  adminRoute(app, ctx, correctTravellerCall, async ({ params, body, actor }) => {
    const done = await correctTravellerName(app.db, app.config, actor, params.ref, params.travellerId, body, ctx.now());
    return ok(
      done,
      `Name corrected.${done.vouchersMailed ? ' The updated vouchers are on their way to the traveller.' : ' The vouchers will carry the new name.'}${done.invoiceKeeps ? ` The tax invoice already issued keeps the buyer name “${done.invoiceKeeps}”: for an invoice in the new name, issue a credit note and a new invoice.` : ''}`,
    );
  });
}
