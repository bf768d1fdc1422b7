import type { FastifyInstance } from 'fastify';
import { sendError } from '../lib/envelope.ts';
import { handleRazorpayEvent, handleStripeEvent } from '../services/payments/webhooks.ts';
import {
  handleRazorpayRefundEvent,
  handleStripeRefundEvent,
  isRazorpayRefundEvent,
  isStripeRefundEvent,
} from '../services/payments/refunds.ts';
import { razorpayWebhookSignatureValid, type RazorpayWebhookEvent } from '../services/payments/razorpay.ts';
import { stripeClient, type Stripe } from '../services/payments/stripe.ts';

/**
 * Providers' calls to us (mounted at /api/payments). Both sign the exact bytes they send, so this
 * plugin keeps JSON bodies raw: Stripe's signature is checked by its SDK with STRIPE_WEBHOOK_SECRET,
 * Razorpay's (HMAC-SHA256 of the body) with RAZORPAY_WEBHOOK_SECRET.
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/stripe/webhook', async (request, reply) => {
    const secret = app.config.STRIPE_WEBHOOK_SECRET;
    if (!secret || !app.config.STRIPE_SECRET_KEY)
      return sendError(reply, 503, 'Stripe webhooks are not set up on this shop.');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
      return sendError(reply, 400, 'A Stripe event needs its Stripe-Signature header and a JSON body.');
    let event: Stripe.Event;
    try {
      event = stripeClient(app.config).webhooks.constructEvent(request.body, signature, secret);
    } catch {
      return sendError(reply, 400, 'The Stripe-Signature of this event is not valid.');
    }
    if (isStripeRefundEvent(event.type)) {
      await handleStripeRefundEvent(app.db, app.config, event, request.log);
      return { status: 'success', message: 'Received.', data: { received: true, type: event.type } };
    }
    await handleStripeEvent(app.db, app.config, event, request.log);
    return { status: 'success', message: 'Received.', data: { received: true, type: event.type } };
  });

  app.post('/razorpay/webhook', async (request, reply) => {
    const secret = app.config.RAZORPAY_WEBHOOK_SECRET;
    if (!secret || !app.config.RAZORPAY_KEY_ID)
      return sendError(reply, 503, 'Razorpay webhooks are not set up on this shop.');
    const signature = request.headers['x-razorpay-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
      return sendError(reply, 400, 'A Razorpay event needs its X-Razorpay-Signature header and a JSON body.');
    if (!razorpayWebhookSignatureValid(request.body, signature, secret))
      return sendError(reply, 400, 'The X-Razorpay-Signature of this event is not valid.');
    let event: RazorpayWebhookEvent;
    try {
      event = JSON.parse(request.body.toString('utf8')) as RazorpayWebhookEvent;
    } catch {
      return sendError(reply, 400, 'A Razorpay event must be JSON.');
    }
    if (!event || typeof event !== 'object') return sendError(reply, 400, 'A Razorpay event must be a JSON object.');
    const header = request.headers['x-razorpay-event-id'];
    const eventId =
      typeof header === 'string' && header
        ? header
        : `${event.event ?? 'event'}:${event.payload?.refund?.entity?.id ?? event.payload?.payment?.entity?.id ?? event.created_at ?? ''}`;
    if (isRazorpayRefundEvent(String(event.event ?? ''))) {
      await handleRazorpayRefundEvent(app.db, app.config, event, eventId, request.log);
      return { status: 'success', message: 'Received.', data: { received: true, type: event.event ?? '' } };
    }
    await handleRazorpayEvent(app.db, app.config, event, eventId, request.log);
    return { status: 'success', message: 'Received.', data: { received: true, type: event.event ?? '' } };
  });
}
