import type { FastifyInstance } from 'fastify';
import { sendError } from '../lib/envelope.ts';
import { bookingNotifier } from '../services/bookings/notify.ts';
import { createMailer } from '../services/mail.ts';
import { handleStripeEvent } from '../services/payments/payments.ts';
import { stripeClient, type Stripe } from '../services/payments/stripe.ts';

/**
 * Providers' calls to us (mounted at /api/payments). Stripe signs the exact bytes it sends, so this
 * plugin keeps JSON bodies raw; the signature is checked by the SDK with STRIPE_WEBHOOK_SECRET.
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  const confirm = bookingNotifier(app.db, app.config, createMailer(app.config, app.log), app.log);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/stripe/webhook', async (request, reply) => {
    const secret = app.config.STRIPE_WEBHOOK_SECRET;
    if (!secret || !app.config.STRIPE_SECRET_KEY) return sendError(reply, 503, 'Stripe webhooks are not set up on this shop.');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return sendError(reply, 400, 'A Stripe event needs its Stripe-Signature header and a JSON body.');
    let event: Stripe.Event;
    try {
      event = stripeClient(app.config).webhooks.constructEvent(request.body, signature, secret);
    } catch {
      return sendError(reply, 400, 'The Stripe-Signature of this event is not valid.');
    }
    const paid = await handleStripeEvent(app.db, event);
    if (paid) void confirm(paid.userId, paid.refIdKey);
    return { status: 'success', message: 'Received.', data: { received: true, type: event.type } };
  });
}
