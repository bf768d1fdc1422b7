import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../contract/envelope.ts';
import { conflict, DomainError, STATUS_OF_KIND } from '../lib/errors.ts';

export interface StoredResult {
  statusCode: number;
  body: unknown;
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (route: string, params: unknown) =>
  createHash('sha256')
    .update(`${route}\n${stableStringify(params)}`)
    .digest('hex');

/**
 * Runs a write once per (owner, key): the first result is stored and replayed for repeats, so a
 * retried request never applies twice. A key reused with a different request is refused (409).
 * The claim, the write and the stored result commit together: a crash, a 5xx or a 429 leaves
 * nothing behind and a retry starts afresh. Any other 4xx is stored (the same request would fail the same way),
 * and so is whatever `run` wrote before refusing: a run that writes and may then refuse wraps its
 * work in `tx.transaction` (a savepoint here), as bookings and holds do.
 */
export async function once(
  db: Db,
  opts: { owner: string; key: string | undefined; route: string; params: unknown },
  run: (tx: Db) => Promise<StoredResult>,
): Promise<StoredResult & { replayed: boolean }> {
  if (!opts.key) return { ...(await run(db)), replayed: false };
  const key = opts.key;
  const hash = requestHash(opts.route, opts.params);
  return db.transaction(async (tx) => {
    // The claim and the stored result are plain statements: they run on every keyed write (an
    // offline cart syncs hundreds in a row), and building them with the query builder costs more
    // CPU than Postgres spends on them.
    const claimed = await tx.execute(sql`
      insert into idempotency_keys (owner, key, request_hash) values (${opts.owner}, ${key}, ${hash})
      on conflict do nothing
      returning key`);
    if (claimed.rows.length === 0) {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.owner, opts.owner), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row || row.statusCode === null)
        throw new DomainError('conflict', 'This change is being processed. Please try again in a moment.');
      if (row.requestHash !== hash) throw conflict('This Idempotency-Key was already used for a different request.');
      return { statusCode: row.statusCode, body: row.response, replayed: true };
    }
    let result: StoredResult;
    try {
      result = await run(tx);
    } catch (err) {
      // A refusal is stored with the status it answers with (server/lib/errors.ts). Not stored, so
      // the same key runs again later: a failure on our side (5xx) and a throttle (429), whose
      // answer is "try again in N minutes" and would otherwise be replayed after the wait.
      if (!(err instanceof DomainError) || err.kind === 'too_many' || STATUS_OF_KIND[err.kind] >= 500) throw err;
      result = {
        statusCode: STATUS_OF_KIND[err.kind],
        body: { status: 'error', message: err.message, data: err.data },
      };
    }
    await tx.execute(sql`
      update idempotency_keys set status_code = ${result.statusCode}, response = ${JSON.stringify(result.body)}
      where owner = ${opts.owner} and key = ${key}`);
    return { ...result, replayed: false };
  });
}

/** Answers with a stored result (marked when replayed): a replayed error keeps its status and message. */
export function answer<T>(reply: FastifyReply, result: StoredResult & { replayed: boolean }): Envelope<T> {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  const body = result.body as Envelope<T>;
  if (result.statusCode >= 400) throw DomainError.fromStatus(result.statusCode, body.message, body.data);
  return body;
}
