import type { Config } from '../config.ts';

const GTM = 'https://www.googletagmanager.com';
const GSI = 'https://accounts.google.com/gsi/';

/**
 * Only our own origin, plus Google Tag Manager when a container is configured. Inline scripts
 * are allowed only by the per-response nonce of server-rendered pages (React's streaming).
 */
export function contentSecurityPolicy(config: Config, nonce?: string) {
  const gtm = config.GTM_ID_UAE || config.GTM_ID_IN ? [GTM] : [];
  // Google sign-in's script, button frame and styles, only when a client id is configured.
  const gsi = config.GOOGLE_CLIENT_ID ? [GSI] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...gtm, ...gsi.map((g) => `${g}client`)],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...gsi.map((g) => `${g}style`)],
    imgSrc: ["'self'", 'data:', 'blob:', ...gtm],
    connectSrc: ["'self'", ...(gtm.length ? [GTM, 'https://www.google-analytics.com'] : []), ...gsi],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: gtm.length || gsi.length ? [...gtm, ...gsi] : ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** The same policy as a header value, for responses that set it themselves. */
export function cspHeader(config: Config, nonce?: string): string {
  return Object.entries(contentSecurityPolicy(config, nonce))
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${(v as string[]).join(' ')}`)
    .join('; ');
}
