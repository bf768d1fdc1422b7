import type { CartItem, TempBooking } from '../../../contract/cart.ts';
import type { Site } from '../../../contract/site.ts';
import { ApiError } from '../api-client.ts';
import { outboxEntrySchema, parseRows, type CartLine, type OutboxEntry, type ShopDb } from '../db.ts';
import { backoffMs, errorMessage, isRetryable } from './errors.ts';
import { reconcileCart } from './reconcile.ts';
import { httpTransport, type IdParams, type Transport } from './transport.ts';

export interface SyncOptions {
  db: ShopDb;
  transport?: Transport;
  now?: () => number;
  /** The identity on screen: its cart is pulled after pushing even when nothing was queued. */
  current?: { owner: string; site: Site; id: IdParams | null };
}

export interface SyncReport {
  sent: number;
  failed: number;
  /** A change is waiting for the network or the server to come back. */
  waiting: boolean;
  /** Another tab or the worker holds the lock and is syncing. */
  skipped?: boolean;
}

const LOCK = 'wanderlust-outbox-sync';
/** Changes in flight at once. */
const CONCURRENCY = 8;

/**
 * Runs `run` holding the sync lock when no sync holds it (in any tab or the worker), else answers
 * null at once: nothing is being sent meanwhile.
 */
export async function withLock<T>(run: () => Promise<T>): Promise<T | null> {
  // Web Locks exist in pages and workers alike; one holder at a time across every tab.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return run();
  return locks.request(LOCK, { ifAvailable: true }, async (lock: Lock | null) => (lock ? run() : null));
}

/** Waiting changes in the order they were made. */
async function pendingInOrder(db: ShopDb): Promise<OutboxEntry[]> {
  // The primary key is the sequence, so this walks them in order without sorting.
  return parseRows(outboxEntrySchema, await db.outbox.filter((e) => e.state === 'pending').toArray());
}

async function firstPending(db: ShopDb): Promise<OutboxEntry | undefined> {
  return (await pendingInOrder(db))[0];
}

/** One server answer written to the device, in its own transaction. */
async function applySuccess(db: ShopDb, entry: OutboxEntry, data: unknown, now: number) {
  await db.transaction('rw', db.outbox, db.cartLines, db.tempBookings, () =>
    applySuccesses(db, [{ entry, data }], now),
  );
}

/**
 * Applies server answers to the device in as few transactions as possible: answers that arrive
 * while one transaction is writing go together in the next. A crash between the server's answer
 * and this write is harmless: the change is sent again with its key and the server replays it.
 */
function successWriter(db: ShopDb, now: () => number) {
  let queue: { entry: OutboxEntry; data: unknown; done: (err?: unknown) => void }[] = [];
  let draining: Promise<void> | null = null;
  const drain = async () => {
    while (queue.length) {
      const items = queue;
      queue = [];
      try {
        await db.transaction('rw', db.outbox, db.cartLines, db.tempBookings, () => applySuccesses(db, items, now()));
        for (const item of items) item.done();
      } catch {
        // One answer that cannot be written must not fail the others: each on its own, then.
        for (const item of items) {
          try {
            await applySuccess(db, item.entry, item.data, now());
            item.done();
          } catch (err) {
            item.done(err);
          }
        }
      }
    }
    draining = null;
  };
  return (entry: OutboxEntry, data: unknown) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ entry, data, done: (err) => (err === undefined ? resolve() : reject(err)) });
      draining ??= drain();
    });
}

/**
 * Server answers written to the device, inside the caller's transaction: the change leaves the
 * outbox and its line or hold takes the server's word. One bulk request per table for all the
 * answers (a phone back online writes hundreds, and each request to IndexedDB costs the page's thread).
 */
async function applySuccesses(db: ShopDb, items: { entry: OutboxEntry; data: unknown }[], now: number) {
  // Rows read from the outbox carry their key; a change known only by its id is looked up.
  const keyed = items.filter((i) => i.entry.seq !== undefined);
  if (keyed.length) await db.outbox.bulkDelete(keyed.map((i) => i.entry.seq!));
  for (const { entry } of items) if (entry.seq === undefined) await db.outbox.where('id').equals(entry.id).delete();

  const removed = items.filter((i) => i.entry.kind === 'cart.remove').map((i) => i.entry.ref);
  if (removed.length) await db.cartLines.bulkDelete(removed);

  const adds = items.filter((i) => i.entry.kind === 'cart.add');
  if (adds.length) {
    const lines = await db.cartLines.bulkGet(adds.map((i) => i.entry.ref));
    const updated: CartLine[] = [];
    const undo: OutboxEntry[] = [];
    adds.forEach(({ entry, data }, k) => {
      const item = data as CartItem;
      const line = lines[k];
      if (!line) {
        // Removed here while its add was on the way: take it off the server too.
        undo.push(removalOf(entry, item.CartId, now));
        return;
      }
      if (line.state === 'removing' && line.cartId === null) {
        // Removed here while this add was on its way: its removal (by the line's id) is queued.
        updated.push({ ...line, cartId: item.CartId });
        return;
      }
      const { error: _resolved, ...rest } = line;
      updated.push({
        ...rest,
        cartId: item.CartId,
        unitPrice: item.unitPrice,
        totalPrice: item.totalPrice,
        currency: item.currency,
        state: line.state === 'removing' ? 'removing' : 'synced',
      });
    });
    if (updated.length) await db.cartLines.bulkPut(updated);
    if (undo.length) await db.outbox.bulkAdd(undo);
  }

  for (const { entry, data } of items) {
    if (entry.kind !== 'tempBooking.create') continue;
    const booking = data as TempBooking;
    await db.tempBookings.update(entry.ref, {
      // A hold the server answers for is live or over; over is all the cart needs to know.
      state: booking.status === 'held' ? 'held' : 'expired',
      serverId: booking.TempBookingId,
      holdExpiresAt: booking.holdExpiresAt,
      total: booking.total,
      itemCount: booking.items.length,
      error: undefined,
    });
  }
}

/** The removal that follows an add whose line was removed here while the add was on the way. */
function removalOf(entry: OutboxEntry, cartId: number, now: number): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    kind: 'cart.remove',
    owner: entry.owner,
    site: entry.site,
    ref: entry.ref,
    params: { ...idOf(entry.params), CartId: cartId },
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  };
}

async function applyFailure(db: ShopDb, entry: OutboxEntry, err: unknown) {
  const message = errorMessage(err);
  await db.transaction('rw', db.outbox, db.cartLines, db.tempBookings, async () => {
    if (entry.kind === 'cart.remove' && err instanceof ApiError && err.httpStatus === 404) {
      // Already gone from the server: the removal has happened.
      await db.outbox.where('id').equals(entry.id).delete();
      await db.cartLines.delete(entry.ref);
      return;
    }
    if (entry.kind === 'cart.add' && (await db.cartLines.get(entry.ref))?.state === 'removing') {
      // An add the traveller has since removed, refused by the server: nothing to undo anywhere.
      await db.outbox.where('ref').equals(entry.ref).delete();
      await db.cartLines.delete(entry.ref);
      return;
    }
    await db.outbox.where('id').equals(entry.id).modify({ state: 'failed', error: message });
    if (entry.kind === 'tempBooking.create')
      await db.tempBookings.update(entry.ref, { state: 'failed', error: message });
    else if (!sendsOwnCall(entry)) await db.cartLines.update(entry.ref, { state: 'failed', error: message });
  });
}

/** An enquiry or a cancellation request: a call of its own, about no cart line or hold. */
const sendsOwnCall = (entry: OutboxEntry) => entry.kind === 'enquiry.submit' || entry.kind === 'cancellation.request';

export function idOf(params: Record<string, unknown>): IdParams {
  return typeof params.Token === 'string' ? { Token: params.Token } : { tempUserId: String(params.tempUserId) };
}

/**
 * Sends waiting changes in the order they were made, then pulls the cart and reconciles. One tab
 * (or the worker) at a time. Network errors and 5xx leave the change waiting with a backoff; a 4xx
 * marks it failed with the server's message, for the traveller to retry or discard.
 */
export async function syncOutbox(opts: SyncOptions): Promise<SyncReport> {
  const { db, transport = httpTransport, now = Date.now } = opts;
  const result = await withLock(async () => {
    const report: SyncReport = { sent: 0, failed: 0, waiting: false };
    const touched = new Map<string, { owner: string; site: Site; id: IdParams | null }>();
    if (opts.current) touched.set(`${opts.current.owner}|${opts.current.site}`, opts.current);
    let stopped = false;
    const writeSuccess = successWriter(db, now);
    // Whether a change is still queued (not cancelled while the ones before it were on the way),
    // looked up for several at once. One cancelled after the look is sent anyway and undone: an
    // add whose line is gone is followed by its removal (applySuccess).
    let queued = new Map<number, boolean>();
    const stillQueued = async (entry: OutboxEntry) => {
      if (entry.seq === undefined) return false;
      if (!queued.has(entry.seq)) {
        const next = [entry, ...batch.slice(0, 15)].filter((e) => e.seq !== undefined);
        const rows = await db.outbox.bulkGet(next.map((e) => e.seq!));
        queued = new Map(next.map((e, i) => [e.seq!, rows[i] !== undefined]));
      }
      return queued.get(entry.seq) === true;
    };
    const process = async (entry: OutboxEntry) => {
      if (!(await stillQueued(entry))) return;
      if (!sendsOwnCall(entry))
        touched.set(`${entry.owner}|${entry.site}`, { owner: entry.owner, site: entry.site, id: idOf(entry.params) });
      try {
        const data = await transport.send(entry);
        await writeSuccess(entry, data);
        report.sent++;
      } catch (err) {
        if (isRetryable(err)) {
          await db.outbox.update(entry.seq, {
            attempts: entry.attempts + 1,
            nextAttemptAt: now() + backoffMs(entry.attempts),
            error: errorMessage(err),
          });
          report.waiting = true;
          stopped = true;
          return;
        }
        await applyFailure(db, entry, err);
        report.failed++;
      }
    };

    // A few changes travel at once, so the phone and the server work side by side; changes to
    // the same line go one after another, and a hold of the cart waits for every change before it.
    const running = new Set<Promise<void>>();
    const byRef = new Map<string, Promise<void>>();
    // Read the queue in batches (re-reading it per change would be quadratic), then look again
    // for changes made meanwhile.
    let batch = await pendingInOrder(db);
    while (!stopped) {
      let entry = batch.shift();
      if (!entry) {
        await Promise.all(running);
        if (stopped) break;
        batch = await pendingInOrder(db);
        entry = batch.shift();
        if (!entry) break;
      }
      if (entry.nextAttemptAt > now()) {
        report.waiting = true;
        break;
      }
      const barrier = entry.kind === 'tempBooking.create';
      if (barrier) await Promise.all(running);
      await byRef.get(entry.ref);
      while (running.size >= CONCURRENCY) await Promise.race(running);
      if (stopped) break;
      const task: Promise<void> = process(entry).finally(() => {
        running.delete(task);
        if (byRef.get(entry.ref) === task) byRef.delete(entry.ref);
      });
      running.add(task);
      byRef.set(entry.ref, task);
      if (barrier) await task;
    }
    await Promise.all(running);
    // Every cart touched is asked for at once; each answer is reconciled as it arrives.
    await Promise.all(
      [...touched.values()].map(async (t) => {
        try {
          await reconcileCart(db, t.owner, t.site, await transport.fetchCart(t.site, t.id));
        } catch {
          // A failed fetch never wipes the local cart: we simply try again next time.
        }
      }),
    );
    return report;
  });
  return result ?? { sent: 0, failed: 0, waiting: true, skipped: true };
}

/** When the next waiting change is due, or null when nothing waits. */
export async function nextDueAt(db: ShopDb): Promise<number | null> {
  const entry = await firstPending(db);
  return entry ? entry.nextAttemptAt : null;
}
