import type { Site } from '../../../contract/site.ts';
import type { ShopDb } from '../db.ts';

/**
 * Keeps an enquiry made offline in the outbox; the sync engine sends it (once: its id is the
 * Idempotency-Key) when the network returns. JSON parameters only: an attachment cannot wait.
 */
export async function queueEnquiry(
  db: ShopDb,
  enquiry: { path: string; params: Record<string, unknown>; site: Site; owner: string; id?: string },
  now = Date.now(),
): Promise<string> {
  // Reusing the key of an attempt that got no answer: if that one did arrive, this is its replay.
  const id = enquiry.id ?? crypto.randomUUID();
  await db.outbox.add({
    id,
    kind: 'enquiry.submit',
    path: enquiry.path,
    owner: enquiry.owner,
    site: enquiry.site,
    ref: id,
    params: enquiry.params,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
}
