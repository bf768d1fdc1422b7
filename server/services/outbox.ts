import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer } from './mail.ts';
import type { DbOrTx } from './staff/audit.ts';

/** A document attached when the mail is sent, rendered then from the booking as it is. */
export interface OutboxAttachment {
  type: 'invoice' | 'vouchers' | 'credit-note';
  bookingId: number;
  creditNoteId?: number;
}

/** A mail as queued: plain text always; HTML and attachments when the notice has them. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
 * once that transaction commits, by the outbox worker, and never if it rolls back.
 */
export async function enqueueMail(tx: DbOrTx, mail: QueuedMail): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ kind: mail.kind, dedupeKey: mail.dedupeKey ?? null, bookingId: mail.bookingId ?? null, payload: mail.message as unknown as Record<string, unknown> })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/** Seconds before attempt n+1 (1-based n): 30 s, 2 min, 8 min, … at most 6 hours; after MAX_ATTEMPTS the mail is 'failed'. */
export const MAX_ATTEMPTS = 8;
export const backoffSeconds = (attempts: number) => Math.min(6 * 3600, 30 * 4 ** (attempts - 1));

/** Renders a queued attachment into bytes at send time (server/services/outbox-attachments.ts). */
export type AttachmentRenderer = (db: Db, a: OutboxAttachment) => Promise<{ filename: string; content: Buffer; contentType: string }[]>;

interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

type Row = typeof mailOutbox.$inferSelect;

/**
 * Sends what is due, one row at a time: the row is locked (FOR UPDATE SKIP LOCKED, so two
 * processes never send the same mail) and marked sent in the transaction that sent it. A process
 * killed between the SMTP answer and the commit sends that one mail again on restart: at least
 * once, never lost (docs/decisions/0051). Returns how many were sent.
 */
export async function runOutbox(db: Db, mailer: Mailer, log: Log, render: AttachmentRenderer | null, now = () => new Date(), limit = 20): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const at = now();
      const [row] = (await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true })) as Row[];
      if (!row) return 'none' as const;
      const m = row.payload as unknown as OutboxMail;
      try {
        const attachments = [];
        for (const a of m.attachments ?? []) {
          if (!render) throw new Error(`no renderer for the ${a.type} attachment`);
          attachments.push(...(await render(tx, a)));
        }
        await mailer.send({ to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo, attachments });
        await tx.update(mailOutbox).set({ status: 'sent', sentAt: at, attempts: row.attempts + 1, lastError: null }).where(eq(mailOutbox.id, row.id));
        return 'sent' as const;
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        const message = err instanceof Error ? err.message : String(err);
        await tx
          .update(mailOutbox)
          .set({ attempts, lastError: message.slice(0, 500), status: failed ? 'failed' : 'pending', nextAttemptAt: new Date(at.getTime() + backoffSeconds(attempts) * 1000) })
          .where(eq(mailOutbox.id, row.id));
        (failed ? log.error : log.warn).call(log, { err, mailId: row.id, kind: row.kind, attempts }, failed ? 'mail given up after its last attempt' : 'mail not sent: will retry');
        return 'retry' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'sent') sent++;
  }
  return sent;
}

/** Runs the outbox every `intervalMs` (and at once when kicked after a commit) until stopped. */
export function startOutbox(db: Db, mailer: Mailer, log: Log, render: AttachmentRenderer | null, intervalMs: number) {
  let running: Promise<unknown> | null = null;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOutbox(db, mailer, log, render)
      .catch((err) => log.warn({ err }, 'the mail outbox failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    kick: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
