import { expect } from 'vitest';
import { startMailCatcher } from './mail-catcher.ts';
import type { ServerProcess } from './server-process.ts';

/** What a round reads and changes in the database while no server runs on it (PGlite) or beside it (Postgres). */
export type OutboxRow = { dedupe_key: string; status: string; attempts: number };

export interface OutboxRows {
  /** Queues plain mails (kind 'test'), due now. */
  queue(mails: { dedupeKey: string; to: string; subject: string }[]): Promise<void>;
  /** The queued mails' rows (status and attempts), in the order queued. */
  rows(): Promise<OutboxRow[]>;
  /** The rows, then as if every lease had ended: each pending mail is due now. */
  rowsThenEndLeases(): Promise<OutboxRow[]>;
}

/** How long the slow SMTP server takes to answer each mail. */
const ANSWER_DELAY_MS = 1500;

/**
 * SIGTERM while the outbox is sending (issue 33): a slow SMTP server, twelve mails queued; the
 * signal comes once some have been answered while others are being sent (a process sends several
 * at once, MAIL_LANES). The stop waits for those being sent to be answered and marked sent; the
 * rest stay queued, never taken. The leases are then made to end, and a second server sends what
 * is left: every mail arrives exactly once and is marked sent.
 */
export async function stopWhileSending(start: (env: Record<string, string>) => Promise<ServerProcess>, db: OutboxRows) {
  const catcher = await startMailCatcher(0, { answerDelayMs: ANSWER_DELAY_MS });
  try {
    const stamp = Date.now();
    const mails = Array.from({ length: 12 }, (_, i) => ({
      dedupeKey: `stop:${stamp}:${i}`,
      to: `stop${i}.${stamp}@example.com`,
      subject: `Mail ${i} of ${stamp}`,
    }));
    await db.queue(mails);
    const env = { SMTP_URL: catcher.url, LOG_LEVEL: 'info' };
    const first = await start(env);
    // Some answered, some being sent (their answers 1.5 s away): now the signal.
    for (const until = Date.now() + 30_000; !(catcher.mails.length >= 1 && catcher.receiving() >= 1);) {
      if (Date.now() > until)
        throw new Error(
          `the outbox did not start sending: ${catcher.mails.length} caught, ${catcher.receiving()} being received\n${first.output()}`,
        );
      await new Promise((r) => setTimeout(r, 5));
    }
    const atSignal = { caught: catcher.mails.length, receiving: catcher.receiving() };
    const signalled = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    const stopMs = Date.now() - signalled;
    const caughtAtStop = catcher.mails.length;
    const afterStop = await db.rowsThenEndLeases();

    const second = await start(env);
    for (const until = Date.now() + 30_000; !mails.every((m) => catcher.mails.some((c) => c.to.includes(m.to)));) {
      if (Date.now() > until) throw new Error(`not every mail arrived after the restart\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // No wait for a second sending here: the rows read after the stop must all be sent, each taken once (the outbox
    // only takes pending rows), which no mail sent twice could leave.
    expect(await second.stop(), second.output()).toBe(0);

    const logs = first.output() + second.output();
    const sentAtStop = afterStop.filter((r) => r.status === 'sent');
    // Those being sent at the signal were answered and marked sent before the database closed.
    expect(caughtAtStop, first.output()).toBeGreaterThanOrEqual(atSignal.caught + atSignal.receiving);
    expect(sentAtStop.length).toBe(caughtAtStop);
    // Every mail was either sent once, or never taken (no lease, no attempt): none half-sent.
    expect(afterStop.map((r) => (r.status === 'sent' ? ['sent', r.attempts] : [r.status, r.attempts]))).toEqual(
      afterStop.map((r) => (r.status === 'sent' ? ['sent', 1] : ['pending', 0])),
    );
    expect(sentAtStop.length).toBeLessThan(mails.length);
    expect({
      received: mails.map((m) => [m.to, catcher.mails.filter((c) => c.to.includes(m.to)).length]),
      final: (await db.rows()).map((r) => [r.dedupe_key, r.status, r.attempts]),
      closedErrors: /PGlite is closed|after calling end on the pool|the mail outbox failed/.test(logs),
    }).toEqual({
      received: mails.map((m) => [m.to, 1]),
      final: mails.map((m) => [m.dedupeKey, 'sent', 1]),
      closedErrors: false,
    });
    // Inside the 10 s a stop may take (server/start.ts exits 1 after them).
    expect(stopMs).toBeLessThan(10_000);
  } finally {
    await catcher.close();
  }
}
