import { PgTransaction } from 'drizzle-orm/pg-core';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client.ts';
import { enqueueMail, kickOutboxOf, watchQueued, type QueuedMail } from '../outbox.ts';
import { writeAudit, type Actor, type AuditWrite } from './audit.ts';

/**
 * A staff action (docs/decisions/0112): one transaction holding the change, its audit row (a typed
 * action, contract/audit-log.ts) and the mail it queues; the work that must wait for the commit
 * (the outbox's kick, a gateway's call) runs after it, and never for a change that rolled back.
 * No route or service writes the audit log or kicks the outbox itself.
 */

/** The transaction a staff action's work runs in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a staff action's work is handed. */
export interface ActionScope {
  tx: Tx;
  actor: Actor;
  now: Date;
  /** Writes an audit row in the action's transaction, by the action's actor at its time. */
  audit(entry: AuditWrite): Promise<void>;
  /** Queues a mail in the action's transaction (server/services/outbox.ts); it is sent once the action commits. */
  mail(mail: QueuedMail): Promise<boolean>;
  /**
   * Runs `work` once the action's change has committed (a gateway's call), in the order given;
   * never if it rolled back. It is handed the database (the transaction is over by then).
   */
  afterCommit(work: (db: Db) => unknown): void;
  /** Says the action changed nothing (asked for what already was): it commits without an audit row. */
  unchanged(): void;
}

/** The after-commit work of the actions inside one commit: run once it committed. */
interface CommitScope {
  db: Db;
  after: ((db: Db) => unknown)[];
  queued: boolean;
}

const scopes = new AsyncLocalStorage<CommitScope>();

/** Thrown when an action's work ends with neither an audit row nor `unchanged()`: a change nobody could trace. */
export class UnauditedAction extends Error {}

/**
 * Runs a staff action: `work` in one transaction with the audit rows and mail it writes through
 * its scope (or through enqueueMail on `scope.tx`, however deep); then, after the commit, its
 * `afterCommit` work and a kick of the outbox when it queued mail. Work that ends without an audit
 * row (and without `unchanged()`) is rolled back: every change staff make is in the log.
 *
 * Inside a transaction of the caller's (an idempotency claim's, server/services/idempotency.ts),
 * the action is a savepoint of it. Its after-commit work then needs `commitScope` around that
 * transaction, which runs it once the transaction committed (after a savepoint is not after the
 * commit): without one, `afterCommit` throws, and mail it queued waits for the outbox's next look.
 */
export async function staffAction<T>(
  db: Db,
  actor: Actor,
  now: Date,
  work: (scope: ActionScope) => Promise<T>,
): Promise<T> {
  const outer = scopes.getStore();
  // In a transaction of the caller's with no commit scope: a savepoint, whose mail the outbox finds on its next look.
  const loose = !outer && db instanceof PgTransaction;
  const mine: ((db: Db) => unknown)[] = [];
  const run = () =>
    db.transaction(async (tx) => {
      let audited = false;
      const scope: ActionScope = {
        tx,
        actor,
        now,
        async audit(entry) {
          await writeAudit(tx, actor, entry, now);
          audited = true;
        },
        mail: (mail) => enqueueMail(tx, mail),
        afterCommit(w) {
          if (loose)
            throw new Error(
              'Work after the commit needs the commit: run this staff action within commitScope, around the transaction it is part of.',
            );
          mine.push(w);
        },
        unchanged: () => void (audited = true),
      };
      const result = await work(scope);
      if (!audited) throw new UnauditedAction('This staff action wrote no audit row, so it was not applied.');
      return result;
    });
  if (loose) return run();
  if (outer) {
    const result = await run();
    // Only the work of an action that succeeded waits for the outer commit.
    outer.after.push(...mine);
    return result;
  }
  const scope: CommitScope = { db, after: mine, queued: false };
  const result = await scopes.run(scope, () => watchQueued(() => (scope.queued = true), run));
  await settle(scope);
  return result;
}

/**
 * Runs `work`, which commits a transaction of its own (server/services/idempotency.ts's `once`),
 * with the staff actions inside it as savepoints: their after-commit work and the outbox's kick run
 * once `work` resolved, that is once its transaction committed; none if it threw.
 */
export async function commitScope<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const outer = scopes.getStore();
  if (outer) return work();
  const scope: CommitScope = { db, after: [], queued: false };
  const result = await scopes.run(scope, () => watchQueued(() => (scope.queued = true), work));
  await settle(scope);
  return result;
}

/**
 * After the commit: each piece of work in order, then the outbox kicked when mail was queued (even if a piece failed).
 */
async function settle(scope: CommitScope) {
  try {
    for (const w of scope.after) await w(scope.db);
  } finally {
    if (scope.queued) kickOutboxOf(scope.db);
  }
}
