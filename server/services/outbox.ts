import { and, asc, eq, lte, ne } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer } from './mail.ts';
import { layoutHtml, type MailLayout } from './mail-layout.ts';
import type { DbOrTx } from './staff/audit.ts';

/** A document attached when the mail is sent, rendered then from the booking as it is. */
export interface OutboxAttachment {
  type: 'invoice' | 'vouchers' | 'credit-note' | 'money-document';
  bookingId: number;
  creditNoteId?: number;
  /**
   * money-document: a receipt voucher or debit note by its id, or the receipt voucher of the payment with this
   * reference (`paymentRef`); none: no attachment.
   */
  moneyDocumentId?: number;
  paymentRef?: string;
}

/** A mail as queued: plain text always; HTML and attachments when the notice has them. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The notice's layout: its HTML part is rendered from it when the mail is sent (server/services/mail-layout.ts). */
  layout?: MailLayout;
  replyTo?: string;
  attachments?: OutboxAttachment[];
}

export interface QueuedMail {
  /** 'booking-confirmed', 'receipt', 'refund', 'credit-note', 'cancelled', 'cancellation-declined', … */
  kind: string;
  /** The same key queued twice is one mail (e.g. `receipt:<paymentId>`). */
  dedupeKey?: string;
  bookingId?: number;
  message: OutboxMail;
}

/**
 * Queues a mail in the transaction of the change it tells of (docs/decisions/0051): it is sent
 * once that transaction commits, by the outbox worker, and never if it rolls back. The same
 * dedupe key queued again (a retried job, a replayed webhook) changes nothing. Returns whether
 * this call queued it.
 */
export async function enqueueMail(tx: DbOrTx, mail: QueuedMail): Promise<boolean> {
  const rows = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      dedupeKey: mail.dedupeKey ?? null,
      bookingId: mail.bookingId ?? null,
      payload: mail.message,
      // Due now on the workers' clock, in its milliseconds: the column's default (the database's now(), in
      // microseconds) could lie up to 1 ms after the time a look straight after the commit compares it with.
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) queuedWatch.getStore()?.();
  return rows.length > 0;
}

/** Told when work run by watchQueued queues a mail (enqueueMail), however deep the call that queued it. */
const queuedWatch = new AsyncLocalStorage<() => void>();

/**
 * Runs `work`, calling `onQueued` for each mail it queues: a staff action kicks the outbox after
 * its commit only when its work queued one (server/services/staff/staff-action.ts, docs/decisions/0112),
 * and so does a request (server/lib/send-queued.ts).
 */
export function watchQueued<T>(onQueued: () => void, work: () => T): T {
  return queuedWatch.run(onQueued, work);
}

/**
 * Runs `work`, whose transactions commit within it, and kicks the outbox on `db` after it when it queued mail, even if
 * it then failed: the background jobs' way to send their mail at once (decision 0112).
 */
export async function sendingQueued<T>(db: Db, work: () => Promise<T>): Promise<T> {
  let queued = false;
  try {
    return await watchQueued(() => (queued = true), work);
  } finally {
    if (queued) kickOutboxOf(db);
  }
}

/** The kick of each outbox running on a database (startOutbox registers it, its stop takes it off). */
const kicksOf = new WeakMap<object, Set<() => void>>();

/**
 * Sends the mail queued on `db` now, in every outbox this process runs on it: call after the
 * transaction that queued it committed. None running (the command line, a test without a server):
 * nothing happens, and the mail waits for the next outbox to look.
 */
export function kickOutboxOf(db: Db): void {
  kicksOf.get(db)?.forEach((kick) => kick());
}

/** Attempts before a mail is given up as 'failed' (logged at error; staff resend it from the desk). */
export const MAX_ATTEMPTS = 8;
/** Seconds before attempt n+1 after attempt n failed: 30 s, 2 min, 8 min, 32 min, 2 h 8 min, then 6 hours. */
export const backoffSeconds = (attempts: number) => Math.min(6 * 3600, 30 * 4 ** (attempts - 1));
/**
 * A worker that takes a mail holds it this long (its next_attempt_at moved ahead): no other worker
 * takes it meanwhile. While the send goes on, the worker renews the lease every HEARTBEAT_MS, so a
 * slow send keeps its mail however long it takes (up to SEND_TIMEOUT_MS), and a process killed
 * while sending leaves it to be taken again within this (issue 33, docs/decisions/0094).
 */
export const LEASE_SECONDS = 60;
/**
 * How often a worker renews the lease of the mail it is sending: four renewals per lease, so a late one or two lose
 * nothing.
 */
export const HEARTBEAT_MS = 15_000;
/** A send (attachments rendered, SMTP answered) that takes longer counts as failed. */
export const SEND_TIMEOUT_MS = 120_000;

/** Tests shorten the lease and its heartbeat. */
export interface LeaseTiming {
  leaseSeconds?: number;
  heartbeatMs?: number;
  /**
   * True once the worker's owner stopped waiting for it (startOutbox's stop gave up): no more renewals, the mail is
   * left to its lease.
   */
  abandoned?: () => boolean;
}

/** Renders a queued attachment into bytes at send time (server/services/outbox-attachments.ts). */
export type AttachmentRenderer = (
  db: Db,
  a: OutboxAttachment,
) => Promise<{ filename: string; content: Buffer; contentType: string }[]>;

interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

type Row = typeof mailOutbox.$inferSelect;

/**
 * Takes the next mail that is due, if any, in a short transaction: the row is locked with FOR
 * UPDATE SKIP LOCKED (two workers never take the same one) and leased (its next attempt moved
 * `leaseSeconds` ahead, its attempt counted) before the lock is let go. No transaction stays open
 * while SMTP is talked to: on PGlite a transaction holds the only connection, and the whole shop
 * would wait on the mail server.
 */
async function take(db: Db, at: Date, leaseSeconds: number): Promise<Row | null> {
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true })) as Row[];
    if (!row) return null;
    if (row.attempts >= MAX_ATTEMPTS) {
      // Its last attempt was cut short (the process stopped while it was leased): given up.
      await tx
        .update(mailOutbox)
        .set({ status: 'failed', lastError: row.lastError ?? 'the process stopped during its last attempt' })
        .where(eq(mailOutbox.id, row.id));
      return { ...row, status: 'failed' };
    }
    const attempts = row.attempts + 1;
    await tx
      .update(mailOutbox)
      .set({ attempts, nextAttemptAt: new Date(at.getTime() + leaseSeconds * 1000) })
      .where(eq(mailOutbox.id, row.id));
    return { ...row, attempts };
  });
}

/**
 * The HTML part of a laid-out mail, or none when the template cannot render it (a bug, or a layout
 * queued by an older release): the text part is the whole mail, so it goes out on its own rather
 * than the traveller getting nothing while a retry repeats the same failure. Logged at error.
 */
async function htmlPart(layout: MailLayout, subject: string, log: Log, mailId: number): Promise<string | undefined> {
  try {
    return await layoutHtml(layout, subject);
  } catch (err) {
    log.error(
      { err, mailId },
      `mail sent as plain text only: its HTML part could not be rendered (${err instanceof Error ? err.message : String(err)})`,
    );
    return undefined;
  }
}

/** Only while the lease is still this attempt's: the row as this worker took it, not yet sent or given up. */
const stillOurs = (row: Row) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, 'pending'));

/**
 * Renews the lease of a mail being sent every `everyMs` until stopped: its next_attempt_at moved a
 * lease ahead of now, only while the lease is still this attempt's. `renew` does it once more at
 * once and answers whether the lease is still this attempt's: the send asks just before it hands
 * the mail to SMTP, and leaves it to the worker that took it if a stall (a renewal too late) let
 * its lease lapse. A renewal that fails (the database unreachable for a moment) is tried again at
 * the next beat; the send goes on.
 */
function heartbeat(
  db: Db,
  row: Row,
  now: () => Date,
  leaseSeconds: number,
  everyMs: number,
  log: Log,
  abandoned: () => boolean,
) {
  let lost = false;
  let warned = false;
  const once = async (): Promise<boolean> => {
    if (lost) return false;
    try {
      const renewed = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now().getTime() + leaseSeconds * 1000) })
        .where(stillOurs(row))
        .returning({ id: mailOutbox.id });
      if (renewed.length === 0) lost = true;
    } catch (err) {
      if (!warned && !abandoned())
        log.warn(
          { err, mailId: row.id },
          `the lease of a mail being sent could not be renewed: ${err instanceof Error ? err.message : String(err)}`,
        );
      warned = true;
    }
    return !lost;
  };
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (abandoned()) return clearInterval(timer);
    beating = beating.then(once);
  }, everyMs);
  timer.unref();
  return {
    renew: () => (beating = beating.then(once)) as Promise<boolean>,
    /** Stops the beats and waits for one under way, so none lands after the row is marked. */
    stop: async () => {
      clearInterval(timer);
      await beating;
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends what is due, `lanes` mails at a time (each lane one after another): each is taken under a lease (see take),
 * renewed by a
 * heartbeat while it is sent (see heartbeat), its attachments rendered from the booking as it is
 * now, handed to SMTP, then marked sent. A failure schedules the next attempt with backoff, and
 * after MAX_ATTEMPTS marks it 'failed' (logged at error). A process killed while sending leaves the
 * mail to be taken again when its lease ends, within LEASE_SECONDS; killed between the SMTP answer
 * and the mark, it sends that one mail again then: at least once, never lost (docs/decisions/0051,
 * 0090). Returns how many were sent.
 */
export async function runOutbox(
  db: Db,
  mailer: Mailer,
  log: Log,
  render: AttachmentRenderer | null,
  now = () => new Date(),
  limit = 1000,
  sendTimeoutMs = SEND_TIMEOUT_MS,
  /**
   * Awaited before each mail is taken: startOutbox's gives way to the requests of a busy process, and answers false
   * once stopped (the rest waits in the table for the next start).
   */
  beforeEach?: () => Promise<boolean>,
  { leaseSeconds = LEASE_SECONDS, heartbeatMs = HEARTBEAT_MS, abandoned = () => false }: LeaseTiming = {},
  /** Mails sent at once, each taken under its own lease (startOutbox: MAIL_LANES). */
  lanes = 1,
): Promise<number> {
  let sent = 0;
  let taken = 0;
  const lane = async () => {
    while (taken < limit) {
      if (beforeEach && !(await beforeEach())) return;
      taken++;
      const row = await take(db, now(), leaseSeconds);
      if (!row) return;
      if (row.status === 'failed') {
        log.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts },
          'mail given up: the process stopped during its last attempt',
        );
        continue;
      }
      const m = row.payload;
      const beat = heartbeat(db, row, now, leaseSeconds, heartbeatMs, log, abandoned);
      try {
        const handed = await withTimeout(
          (async () => {
            const attachments = [];
            for (const a of m.attachments ?? []) {
              if (!render) throw new Error(`no renderer for the ${a.type} attachment`);
              attachments.push(...(await render(db, a)));
            }
            const html = m.html ?? (m.layout ? await htmlPart(m.layout, m.subject, log, row.id) : undefined);
            // Its lease lapsed while it was rendered (the process stalled past it) and another worker took it: that one
            // sends it.
            if (!(await beat.renew())) return false;
            await mailer.send({ to: m.to, subject: m.subject, text: m.text, html, replyTo: m.replyTo, attachments });
            return true;
          })(),
          sendTimeoutMs,
        );
        await beat.stop();
        if (!handed) {
          log.warn({ mailId: row.id, kind: row.kind }, 'mail left to the worker that took it after its lease lapsed');
          continue;
        }
      } catch (err) {
        await beat.stop();
        const failed = row.attempts >= MAX_ATTEMPTS;
        const message = err instanceof Error ? err.message : String(err);
        const at = now();
        await db
          .update(mailOutbox)
          .set({
            lastError: message.slice(0, 500),
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: new Date(at.getTime() + backoffSeconds(row.attempts) * 1000),
          })
          // Only while the lease is still this attempt's: a worker that took the mail after it ended decides.
          .where(stillOurs(row));
        if (failed)
          log.error(
            { err, mailId: row.id, kind: row.kind, bookingId: row.bookingId, attempts: row.attempts },
            `mail given up after ${row.attempts} attempts: ${message}`,
          );
        else
          log.warn(
            { err, mailId: row.id, kind: row.kind, attempts: row.attempts },
            `mail not sent, will retry in ${backoffSeconds(row.attempts)} s: ${message}`,
          );
        continue;
      }
      // Sent is sent, whoever holds the lease now: no one sends it again.
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now(), lastError: null })
        .where(and(eq(mailOutbox.id, row.id), ne(mailOutbox.status, 'sent')));
      sent++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return sent;
}

/**
 * Mails a process sends at once (decision 0094). One at a time, a process waited on each mail's
 * reads, its PDF worker and the SMTP server in turn and sent under 10 a second in a burst; with
 * several in flight those waits overlap. Each mail has its own lease, so the guarantees are as for one.
 */
export const MAIL_LANES = 4;

/**
 * How often the event loop's busyness is read, above what share it is busy, and the longest a mail waits for it
 * (decision 0076).
 */
export const LOOP_SAMPLE_MS = 100;
export const LOOP_BUSY_ABOVE = 0.5;
export const MAIL_YIELD_MAX_MS = 3000;

/**
 * The longest `stop` waits for the mail being sent: with the requests' drain before it and the
 * database's close after it, a stop stays inside the 10 s server/start.ts allows one.
 */
export const STOP_WAIT_MS = 5000;

/**
 * Runs the outbox every `intervalMs` and at once when kicked (after a commit that queued mail),
 * one run at a time per process, until stopped. `flush` resolves once a run that started after
 * the call has finished: everything that was due then has been sent or rescheduled. `stop` takes
 * no more mail and waits (up to `waitMs`) for the one being sent to be answered and marked sent:
 * call it before the database closes, or a mail SMTP accepted stays leased and goes out again
 * when its lease ends. One still unanswered then is left to its lease (its heartbeat stops).
 * Mail gives way to requests: while the process's event loop was busy over the last
 * LOOP_SAMPLE_MS (a sale's rush), a mail waits before it is taken, up to MAIL_YIELD_MAX_MS each,
 * because reading its documents and laying out its HTML holds the loop (its PDFs are rendered by a
 * worker thread, server/services/documents/pdf-pool.ts). A flush never waits.
 */
export function startOutbox(
  db: Db,
  mailer: Mailer,
  log: Log,
  render: AttachmentRenderer | null,
  intervalMs: number,
  timing: Omit<LeaseTiming, 'abandoned'> & { lanes?: number } = {},
) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  /** Stopped without waiting for the run to end: what it still does (a write to the closed database) is not news. */
  let abandoned = false;
  let idle: (() => void)[] = [];
  let flushing = 0;
  let lastLoop = performance.eventLoopUtilization();
  let loopBusy = false;
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    loopBusy = performance.eventLoopUtilization(now, lastLoop).utilization > LOOP_BUSY_ABOVE;
    lastLoop = now;
  }, LOOP_SAMPLE_MS);
  sampler.unref();
  const giveWay = async () => {
    const until = Date.now() + MAIL_YIELD_MAX_MS;
    while (loopBusy && !stopped && flushing === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, LOOP_SAMPLE_MS));
    return !stopped;
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const waiting = idle;
    idle = [];
    running = runOutbox(
      db,
      mailer,
      log,
      render,
      undefined,
      undefined,
      undefined,
      giveWay,
      { ...timing, abandoned: () => abandoned },
      timing.lanes ?? MAIL_LANES,
    )
      .catch((err) => {
        if (!abandoned) log.warn({ err }, 'the mail outbox failed');
      })
      .finally(() => {
        running = null;
        waiting.forEach((done) => done());
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const kicks = kicksOf.get(db) ?? new Set<() => void>();
  kicks.add(tick);
  kicksOf.set(db, kicks);
  return {
    kick: tick,
    flush: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        flushing++;
        idle.push(() => {
          flushing--;
          resolve();
        });
        tick();
      }),
    async stop(waitMs = STOP_WAIT_MS) {
      stopped = true;
      kicks.delete(tick);
      clearInterval(timer);
      clearInterval(sampler);
      if (running) {
        let waited: NodeJS.Timeout | undefined;
        const ended = await Promise.race([
          running.then(() => true),
          new Promise<false>((resolve) => {
            waited = setTimeout(() => resolve(false), waitMs);
          }),
        ]);
        clearTimeout(waited);
        if (!ended) {
          abandoned = true;
          log.warn(
            {},
            `the mail outbox stopped with a mail still being sent after ${waitMs / 1000} s: it goes out again when its lease ends (${timing.leaseSeconds ?? LEASE_SECONDS} s)`,
          );
        }
      }
      idle.splice(0).forEach((done) => done());
    },
  };
}
