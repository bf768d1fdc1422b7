/**
 * `npm run gateways`: the Stripe and Razorpay stand-ins of the tests (tests/support/gateways.ts) for
 * trying card payments on a local `npm start`. It starts them on GATEWAYS_PORT (default 4010, on
 * 127.0.0.1), prints the settings to give the shop, and runs until Ctrl-C. Stripe's stand-in page
 * posts its webhook (checkout.session.completed, and refunds settling) to SHOP_URL (default
 * http://127.0.0.1:8080, the shop's default port). Nothing real is charged: the keys are the
 * stand-ins' own, and the shop's real gateway code talks to them as it would to Stripe and Razorpay.
 */
import { gatewayEnv, startGateways } from '../tests/support/gateways.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const portText = process.env.GATEWAYS_PORT?.trim() || '4010';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`GATEWAYS_PORT: ${portText} is not a port (0 to 65535).`);
const shopText = process.env.SHOP_URL?.trim() || 'http://127.0.0.1:8080';
let shop: URL;
try {
  shop = new URL(shopText);
} catch {
  fail(`SHOP_URL: ${shopText} is not an address (for example http://127.0.0.1:8080).`);
}

const gateways = await startGateways(port).catch((err: NodeJS.ErrnoException) =>
  fail(
    err.code === 'EADDRINUSE'
      ? `Port ${port} is already in use (another npm run gateways?): stop the other process or set GATEWAYS_PORT.`
      : `The stand-ins could not start: ${err.message}`,
  ),
);
const webhook = new URL('/api/payments/stripe/webhook', shop).href;
gateways.webhookUrl = webhook;

const env = gatewayEnv(gateways.url);
const settings = Object.entries(env).map(([name, value]) => `${name}=${value}`);
console.log(
  [
    `Stripe and Razorpay stand-ins on ${gateways.url} (nothing real is charged). Start the shop with these settings:`,
    '',
    ...settings,
    '',
    `For example: env ${settings.join(' ')} npm start`,
    '',
    "India site: the stand-in of Razorpay's checkout pays at once, by card. UAE site: the stand-in of Stripe's page has a Pay",
    `button, then sends its webhook to ${webhook} (SHOP_URL). Ctrl-C stops them.`,
  ].join('\n'),
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // A browser's open connection would keep the server waiting.
  setTimeout(() => process.exit(0), 2_000).unref();
  gateways.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
