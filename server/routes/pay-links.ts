import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEW_BOOKING_MESSAGES } from '../../contract/desk-new-booking.ts';
import { BOOKING_MESSAGES } from '../../contract/booking.ts';
import { publicUrl } from '../config.ts';
import { ok } from '../lib/envelope.ts';
import { DomainError } from '../lib/errors.ts';
import { refreshDue } from '../services/ledger/ledger.ts';
import { gatewayOf, paymentStepFor } from '../services/payments/steps.ts';
import { refundDue, verifyRazorpay, verifyStripe } from '../services/payments/verify.ts';
import { payLinkBooking, payLinkView } from '../services/desk/pay-link.ts';

const tokenParams = z.object({ token: z.string().min(1).max(100) });
const razorpayBody = z.object({
  razorpay_order_id: z.string({ message: 'razorpay_order_id: is required' }).min(1).max(100),
  razorpay_payment_id: z.string({ message: 'razorpay_payment_id: is required' }).min(1).max(100),
  razorpay_signature: z.string({ message: 'razorpay_signature: is required' }).min(1).max(200),
});
const stripeBody = z.object({ sessionId: z.string({ message: 'sessionId: is required' }).min(1).max(200) });

/**
 * A payment link, for a traveller who is not signed in (mounted at /api/payments/links;
 * docs/decisions/0095): the link itself is the permission to pay that one booking's balance, through
 * the shop's pay-later balance flow (StartBookingPayment's) and its verify calls.
 */
export async function payLinkRoutes(appIn: FastifyInstance) {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  // A booking's figures for whoever holds its link: never kept by a browser or a cache in between.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    done(null, payload);
  });

  app.get('/:token', { schema: { params: tokenParams } }, async (request) =>
    ok(await payLinkView(app.db, app.config, request.params.token, new Date())),
  );

  app.post('/:token/start', { schema: { params: tokenParams } }, async (request) => {
    const { booking, endsAt: _ends } = await payLinkBooking(app.db, app.config, request.params.token, new Date(), true);
    // What is due is worked out for today (TCS under today's rule: decision 0089) before a gateway is opened for it.
    const b = await refreshDue(app.db, app.config, booking.id);
    const page = `${publicUrl(app.config)}${b.site === 'IN' ? '/in' : ''}/checkout/link/${request.params.token}`;
    const Next = await paymentStepFor(app.db, app.config, b, undefined, {
      success: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancel: page,
    });
    if (Next.type === 'pay-later' || Next.type === 'none')
      throw new DomainError('conflict', NEW_BOOKING_MESSAGES.linkNoGateway);
    return ok({ RefIdKey: b.refIdKey, site: b.site, Next });
  });

  app.post('/:token/razorpay', { schema: { params: tokenParams, body: razorpayBody } }, async (request) => {
    const { booking } = await payLinkBooking(app.db, app.config, request.params.token, new Date(), false);
    if (gatewayOf(booking) !== 'razorpay')
      throw new DomainError('invalid', 'This booking is paid through Stripe, not Razorpay.');
    const verified = await verifyRazorpay(app.db, app.config, booking.userId, {
      BookingId: booking.id,
      ...request.body,
    });
    if (verified.refusal) throw refundDue(verified.refusal);
    return ok({ RefIdKey: booking.refIdKey, PaymentStatus: verified.booking.PaymentStatus }, BOOKING_MESSAGES.created);
  });

  app.post('/:token/stripe', { schema: { params: tokenParams, body: stripeBody } }, async (request) => {
    const { booking } = await payLinkBooking(app.db, app.config, request.params.token, new Date(), false);
    if (gatewayOf(booking) !== 'stripe')
      throw new DomainError('invalid', 'This booking is paid through Razorpay, not Stripe.');
    const verified = await verifyStripe(app.db, app.config, booking.userId, {
      BookingId: booking.id,
      sessionId: request.body.sessionId,
    });
    if (verified.refusal) throw refundDue(verified.refusal);
    return ok({ RefIdKey: booking.refIdKey, PaymentStatus: verified.booking.PaymentStatus }, BOOKING_MESSAGES.created);
  });
}
