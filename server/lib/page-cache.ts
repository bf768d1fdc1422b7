import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { BoundedCache } from './bounded-cache.ts';
import { fillGzip, gzipTemplate, type GzipTemplate } from './gzip-splice.ts';
import { notModified, preferredEncoding } from './shared-answers.ts';

/**
 * Server-rendered pages, kept per address (path and query: the site is in the path) until the
 * content changes or a minute passes. A page holds nothing personal: it is rendered from the URL
 * and shared answers only (a traveller's own data is read by the page in the browser; My trips
 * for a signed-in traveller is rendered apart and never kept: server/lib/personal-page.ts). What differs
 * per response is the CSP nonce: a page is rendered once with a placeholder in its place, kept
 * split at the placeholder, and every response gets a fresh nonce put in the holes, as text or
 * into the gzip compressed once (server/lib/gzip-splice.ts).
 */
export interface KeptPage {
  status: number;
  parts: string[];
  gzip: GzipTemplate;
  etag: string;
}

/** A stand-in no page contains: base64 like a nonce, so React writes it as it would a real one. */
export const NONCE_PLACEHOLDER = `PAGEnonce${randomBytes(12).toString('base64').replace(/[+/=]/g, 'x')}`;

let pool = Buffer.alloc(0);
let used = 0;

/** A fresh CSP nonce: 128 random bits, taken from a pool drawn from the system's CSPRNG 4 KB at a time. */
export function newNonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  used += 16;
  return pool.toString('base64', used - 16, used);
}

/** Pages are revalidated by every browser (nonce: never from a cache in between). */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

export class PageCache {
  readonly cache = new BoundedCache<KeptPage>({ maxBytes: 128 * 1024 * 1024, ttlMs: 60_000 });

  keep(key: string, status: number, html: string): KeptPage {
    const parts = html.split(NONCE_PLACEHOLDER);
    const page: KeptPage = {
      status,
      parts,
      gzip: gzipTemplate(parts),
      etag: `W/"${createHash('sha1').update(html).digest('base64url')}"`,
    };
    this.cache.set(key, page, html.length * 2 + page.gzip.deflated.reduce((n, d) => n + d.length, 0));
    return page;
  }

  /** Sends a kept page with this response's nonce (its CSP header is the caller's). */
  send(request: FastifyRequest, reply: FastifyReply, page: KeptPage, nonce: string) {
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding')
      .header('etag', page.etag);
    if (page.status === 200 && notModified(request, page.etag)) {
      // The browser keeps the page it has, with the nonce and the policy it came with: a new
      // policy here would not match the nonce in that copy.
      reply.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
    if (preferredEncoding(request.headers['accept-encoding']) === null) return reply.send(page.parts.join(nonce));
    // gzip even for a brotli client: brotli cannot take a hole filled without compressing it again.
    return reply.header('content-encoding', 'gzip').send(fillGzip(page.gzip, nonce));
  }
}
