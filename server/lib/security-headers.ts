import type { Config } from '../config.ts';
import { cspHeader } from './csp.ts';

/**
 * The security headers of documents (pages, files, the sitemap): helmet's defaults with our
 * policy and no COEP, worked out once (helmet's plugin parsed the policy again for every request,
 * a cost a busy server noticed). Pages replace the policy with one holding their nonce (server/web.ts).
 */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': cspHeader(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // Our pages link out to nothing that needs a referrer beyond the origin.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The security headers of API answers (JSON read by our own pages): the ones that mean something
 * for data rather than a document (OWASP's REST guidance). Nothing may be loaded or framed from it,
 * no sniffing it into something else, no reading it from another origin, HTTPS only. The document
 * headers (referrer, DNS prefetch, opener, download options ...) act on pages and are left off:
 * each answer carries less, which a server answering thousands a second notices.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};
