import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BoundedCache } from './bounded-cache.ts';
import { SITE_OFFSET_MINUTES, siteDay, type Site } from '../../contract/site-rules.ts';

/**
 * Answers of the calls the contract declares shared (the same for every traveller, per site):
 * kept in memory once serialised, with their compressed forms, until the content changes
 * (ContentVersion) or a minute passes (some depend on the clock: a deal's end, a coupon's dates).
 * Never a personal answer: only `shared` calls come here, and only their 200s.
 */
export interface StoredAnswer {
  body: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

/** Browsers and a CDN in front may keep a shared answer a minute, and serve it stale while they ask again. */
export const SHARED_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** Smaller answers are sent as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const choices = new Map<string, Encoding | null>();

/**
 * The encoding to answer in: brotli, else gzip, when the client takes it (q > 0). Clients send few distinct headers:
 * each is read once.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const text = String(header ?? '');
  let choice = choices.get(text);
  if (choice === undefined) {
    choice = readAcceptEncoding(text);
    if (choices.size < 1000) choices.set(text, choice);
  }
  return choice;
}

function readAcceptEncoding(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** If-None-Match names this entity tag (or any). */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

const days = new Map<Site, { day: string; from: number; until: number }>();

/**
 * The site's calendar day now (siteDay), worked out once per site and day. The day is kept with its
 * range [from, until) (the site's midnight before and after) and answered from memory only for an
 * instant inside it, so callers on different clocks (test files sharing a process, decision 0103)
 * never see each other's day.
 */
export function siteDayNow(site: Site, now = Date.now()): string {
  const kept = days.get(site);
  if (kept && now >= kept.from && now < kept.until) return kept.day;
  const offset = SITE_OFFSET_MINUTES[site] * 60_000;
  const day = siteDay(now, site);
  const from = Date.parse(`${day}T00:00:00Z`) - offset;
  days.set(site, { day, from, until: from + 86_400_000 });
  return day;
}

export class SharedAnswers {
  readonly cache = new BoundedCache<StoredAnswer>({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 });

  /**
   * A request as sent: its site, method, address and body, and the site's calendar day: answers that
   * follow dated rules (TCS from 1 April, decision 0043) are never served past the site's midnight.
   */
  key(request: FastifyRequest, url: string, body: string): string {
    return `${request.site}|${siteDayNow(request.site)}|${request.method}|${url}|${body}`;
  }

  store(key: string, json: string): StoredAnswer {
    const body = Buffer.from(json, 'utf8');
    const answer: StoredAnswer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    this.cache.set(key, answer, body.length * 2);
    return answer;
  }

  send(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer) {
    reply.header('etag', answer.etag).header('cache-control', SHARED_CACHE_CONTROL);
    if (notModified(request, answer.etag)) return reply.code(304).send();
    const encoding =
      answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    reply.type('application/json; charset=utf-8');
    if (!encoding) return reply.send(answer.body);
    // Compressed once per answer, the first time a client asks for that encoding.
    const compressed =
      encoding === 'br'
        ? (answer.br ??= brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
        : (answer.gzip ??= gzipSync(answer.body, { level: 9 }));
    return reply.header('content-encoding', encoding).send(compressed);
  }
}
