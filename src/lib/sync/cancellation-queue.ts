import type { Site } from '../../../contract/site.ts';
import { outboxEntrySchema, parseRows, type OutboxEntry, type ShopDb } from '../db.ts';

/** The outbox's `ref` of a booking's cancellation request: one booking, one waiting request. */
export const cancellationRef = (refIdKey: string) => `cancel:${refIdKey.toUpperCase()}`;

/**
 * Keeps a traveller's cancellation request in the outbox; the sync engine sends it when the
 * network is there (at once when it is). Its ClientKey, made here on the device, is also the
 * entry's id (the Idempotency-Key): however often it is sent, the server makes one request.
 */
export async function queueCancellation(
  db: ShopDb,
  request: { refIdKey: string; reason: string; token: string; userId: string; site: Site; clientKey?: string },
  now = Date.now(),
): Promise<string> {
  const clientKey = request.clientKey ?? crypto.randomUUID();
  const ref = cancellationRef(request.refIdKey);
  await db.transaction('rw', db.outbox, async () => {
    // A request already waiting for this booking stays the one request (a double tap, a second tab).
    if ((await db.outbox.where('ref').equals(ref).count()) > 0) return;
    await db.outbox.add({
      id: clientKey,
      kind: 'cancellation.request',
      path: 'RequestCancellation',
      owner: `user:${request.userId}`,
      site: request.site,
      ref,
      params: { Token: request.token, RefIdKey: request.refIdKey, Reason: request.reason, ClientKey: clientKey },
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
  });
  return clientKey;
}

/** The booking's request still on this device (waiting, or refused with the server's message). */
export async function queuedCancellation(db: ShopDb, refIdKey: string): Promise<OutboxEntry | null> {
  const rows = parseRows(outboxEntrySchema, await db.outbox.where('ref').equals(cancellationRef(refIdKey)).toArray());
  return rows[0] ?? null;
}

/** Drops a refused request from the device (the traveller read why). */
export async function discardCancellation(db: ShopDb, refIdKey: string): Promise<void> {
  await db.outbox.where('ref').equals(cancellationRef(refIdKey)).delete();
}
