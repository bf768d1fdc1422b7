import type { Config } from '../config.ts';
import { cspHeader } from './csp.ts';

/**
 * The security headers every answer carries (helmet's defaults, our policy, no COEP), worked out
 * once: helmet's plugin parsed the policy again for every request, a cost a busy server noticed.
 * Pages replace the policy with one holding their nonce (server/web.ts).
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
