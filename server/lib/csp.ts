import type { Config } from '../config.ts';

const GTM = 'https://www.googletagmanager.com';
const GSI = 'https://accounts.google.com/gsi/';
/** What Razorpay's checkout.js loads and talks to, besides its own origin. */
const RAZORPAY = [
  'https://api.razorpay.com',
  'https://checkout.razorpay.com',
  'https://lumberjack.razorpay.com',
  'https://cdn.razorpay.com',
];

/**
 * Only our own origin, plus Google Tag Manager when a container is configured. Inline scripts
 * are allowed only by the per-response nonce of server-rendered pages (React's streaming).
 */
export function contentSecurityPolicy(config: Config, nonce?: string, page: { razorpay?: boolean } = {}) {
  const gtm = config.GTM_ID_UAE || config.GTM_ID_IN ? [GTM] : [];
  // Google sign-in's script, button frame and styles, only when a client id is configured.
  const gsi = config.GOOGLE_CLIENT_ID ? [GSI] : [];
  // Razorpay's checkout (its script, its payment frame and the calls they make): only on the pages that pay with it.
  const rzp =
    page.razorpay && config.RAZORPAY_KEY_ID
      ? [...new Set([new URL(config.RAZORPAY_CHECKOUT_URL).origin, ...RAZORPAY])]
      : [];
  const frames = [...gtm, ...gsi, ...rzp];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...gtm, ...gsi.map((g) => `${g}client`), ...rzp],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...gsi.map((g) => `${g}style`)],
    imgSrc: ["'self'", 'data:', 'blob:', ...gtm, ...rzp],
    connectSrc: ["'self'", ...(gtm.length ? [GTM, 'https://www.google-analytics.com'] : []), ...gsi, ...rzp],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: frames.length ? frames : ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** The same policy as a header value, for responses that set it themselves. */
export function cspHeader(config: Config, nonce?: string, page: { razorpay?: boolean } = {}): string {
  return Object.entries(contentSecurityPolicy(config, nonce, page))
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${(v as string[]).join(' ')}`)
    .join('; ');
}
