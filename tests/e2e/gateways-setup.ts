// Global setup of the browser tests: the payment providers' stand-ins (tests/support/gateways.ts),
// on a port derived from E2E_PORT; the app's Razorpay and Stripe settings point at them
// (playwright.config.ts), and Stripe's "hosted page" posts its webhook to the app.
import { startGateways } from '../support/gateways.ts';
import { e2eGatewayPort } from './mail-ports.ts';

export default async function gatewaysSetup() {
  const gateways = await startGateways(e2eGatewayPort());
  gateways.webhookUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}/api/payments/stripe/webhook`;
  return () => gateways.close();
}
