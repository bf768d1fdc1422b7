import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { auditLog, mailOutbox } from '../../server/db/schema.ts';
import type { MailMessage } from '../../server/services/mail.ts';
import Fastify from 'fastify';
import { sendQueuedOnResponse } from '../../server/lib/send-queued.ts';
import { enqueueMail, sendingQueued, startOutbox } from '../../server/services/outbox.ts';
import { commitScope, staffAction, UnauditedAction } from '../../server/services/staff/staff-action.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The staff-action wrapper (server/services/staff/staff-action.ts, docs/decisions/0112): the change,
 * its audit row and its queued mail commit together or not at all; the work after the commit and
 * the outbox's kick come only after it. The same holds for a request's mail (server/lib/send-queued.ts) and a job's
 * (sendingQueued). The outbox here looks by itself once an hour, so a mail that arrives was sent because it was kicked.
 */

let database: Database;
let outbox: ReturnType<typeof startOutbox>;
const sent: MailMessage[] = [];
/** What happened, in order: the action's after-commit work and each mail handed to the mailer. */
const events: string[] = [];
const db = () => database.db;
const actor = { staffId: null, role: 'owner', clientAddress: '127.0.0.1' };
const now = new Date();
let n = 0;
const key = (what: string) => `staff-action:${what}:${++n}:${Date.now()}`;
const mail = (dedupeKey: string) => ({
  kind: 'test',
  dedupeKey,
  message: { to: 'desk@example.com', subject: dedupeKey, text: `About ${dedupeKey}.` },
});
const auditRows = (recordId: string) => db().select().from(auditLog).where(eq(auditLog.recordId, recordId));
const mailRows = (dedupeKey: string) => db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
/** Resolves once the mailer was handed the mail with this subject. */
const arrival = (subject: string) =>
  new Promise<void>((resolve) => {
    const look = () => (sent.some((m) => m.subject === subject) ? resolve() : setTimeout(look, 20));
    look();
  });

beforeAll(async () => {
  database = await openTestDatabase({ seed: false });
  const mailer = {
    live: true,
    send: async (m: MailMessage) => {
      sent.push(m);
      events.push(`sent ${m.subject}`);
    },
  };
  const log = { warn: () => undefined, error: () => undefined };
  outbox = startOutbox(db(), mailer, log, null, 3_600_000);
});
afterAll(async () => {
  await outbox?.stop();
  await database?.close();
});

describe('a staff action', () => {
  it('commits its audit row and mail together, then runs its after-commit work and kicks the outbox', async () => {
    const k = key('done');
    const result = await staffAction(db(), actor, now, async ({ audit, mail: queue, afterCommit }) => {
      await queue(mail(k));
      await audit({ action: 'booking.note', recordType: 'booking', recordId: k, after: { body: 'hello' } });
      afterCommit(async () => {
        // Outside the transaction, the change is there: this runs after the commit.
        expect(await auditRows(k)).toHaveLength(1);
        expect(await mailRows(k)).toHaveLength(1);
        events.push(`after ${k}`);
      });
      return 'answer';
    });
    expect(result).toBe('answer');
    const [row] = await auditRows(k);
    expect(row).toMatchObject({
      action: 'booking.note',
      role: 'owner',
      clientAddress: '127.0.0.1',
      recordType: 'booking',
    });
    await arrival(k);
    expect(events.filter((e) => e.endsWith(k))).toEqual([`after ${k}`, `sent ${k}`]);
  });

  it('leaves neither the audit row nor the mail when its work fails, and runs nothing after', async () => {
    const k = key('failed');
    let ran = false;
    await expect(
      staffAction(db(), actor, now, async ({ audit, mail: queue, afterCommit }) => {
        await queue(mail(k));
        await audit({ action: 'booking.note', recordType: 'booking', recordId: k });
        afterCommit(() => (ran = true));
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('the change was refused');
    expect(await auditRows(k)).toEqual([]);
    expect(await mailRows(k)).toEqual([]);
    expect(ran).toBe(false);
  });

  it('is refused, with nothing kept, when its work wrote no audit row; unchanged() lets a no-op through', async () => {
    const k = key('unaudited');
    await expect(
      staffAction(db(), actor, now, async ({ mail: queue }) => void (await queue(mail(k)))),
    ).rejects.toBeInstanceOf(UnauditedAction);
    expect(await mailRows(k)).toEqual([]);
    await expect(staffAction(db(), actor, now, async ({ unchanged }) => (unchanged(), 'same'))).resolves.toBe('same');
  });

  it('inside a caller’s transaction, waits for that transaction’s commit (commitScope), and runs nothing if it rolls back', async () => {
    const k = key('scoped');
    const order: string[] = [];
    await commitScope(db(), () =>
      db().transaction(async (tx) => {
        await staffAction(tx, actor, now, async ({ audit, mail: queue, afterCommit }) => {
          await queue(mail(k));
          await audit({ action: 'booking.note', recordType: 'booking', recordId: k });
          afterCommit(async () => void order.push(`after: ${(await auditRows(k)).length} audit row`));
        });
        order.push('outer transaction still open');
      }),
    );
    expect(order).toEqual(['outer transaction still open', 'after: 1 audit row']);
    await arrival(k);

    const r = key('scoped-rolled-back');
    let ran = false;
    await expect(
      commitScope(db(), () =>
        db().transaction(async (tx) => {
          await staffAction(tx, actor, now, async ({ audit, afterCommit }) => {
            await audit({ action: 'booking.note', recordType: 'booking', recordId: r });
            afterCommit(() => (ran = true));
          });
          throw new Error('the outer change failed');
        }),
      ),
    ).rejects.toThrow('the outer change failed');
    expect(ran).toBe(false);
    expect(await auditRows(r)).toEqual([]);
  });

  it('refuses work after the commit inside a transaction with no commit scope (it would run before the commit)', async () => {
    const k = key('loose');
    await expect(
      db().transaction((tx) =>
        staffAction(tx, actor, now, async ({ audit, afterCommit }) => {
          await audit({ action: 'booking.note', recordType: 'booking', recordId: k });
          afterCommit(() => undefined);
        }),
      ),
    ).rejects.toThrow('Work after the commit needs the commit');
    expect(await auditRows(k)).toEqual([]);
  });

  it('takes only the audit log’s actions: a misspelt one does not compile', async () => {
    const k = key('typed');
    await expect(
      staffAction(db(), actor, now, async ({ audit }) => {
        // @ts-expect-error 'booking.nots' is not one of contract/audit-log.ts's actions
        await audit({ action: 'booking.nots', recordType: 'booking', recordId: k });
      }),
    ).resolves.toBeUndefined();
  });
});

describe('mail queued outside a staff action', () => {
  it('is sent once the request that queued it is answered, whatever its method; a rolled-back one never', async () => {
    const app = Fastify();
    sendQueuedOnResponse(app, db());
    app.post('/change', async (request) => {
      const { k } = request.body as { k: string };
      // The body was parsed from the stream before the handler: the watch is still on here, two awaits deep.
      await db().transaction(async (tx) => void (await enqueueMail(tx, mail(k))));
      return { queued: k };
    });
    app.get('/change/:k', async (request) => {
      await db().transaction(async (tx) => void (await enqueueMail(tx, mail((request.params as { k: string }).k))));
      return {};
    });
    app.post('/refused', async (request, reply) => {
      const { k } = request.body as { k: string };
      await db()
        .transaction(async (tx) => {
          await enqueueMail(tx, mail(k));
          throw new Error('refused');
        })
        .catch(() => undefined);
      return reply.code(409).send({ status: 'error' });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const post = (path: string, k: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ k }),
        });
      const posted = key('request-post');
      expect((await post('/change', posted)).status).toBe(200);
      await arrival(posted);
      const got = key('request-get');
      expect((await fetch(`${base}/change/${encodeURIComponent(got)}`)).status).toBe(200);
      await arrival(got);
      const refused = key('request-refused');
      expect((await post('/refused', refused)).status).toBe(409);
      expect(await mailRows(refused)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('is sent once the job that queued it is done, even when the job then failed', async () => {
    const done = key('job');
    await expect(sendingQueued(db(), () => db().transaction(async (tx) => enqueueMail(tx, mail(done))))).resolves.toBe(
      true,
    );
    await arrival(done);
    const failed = key('job-failed');
    await expect(
      sendingQueued(db(), async () => {
        await db().transaction(async (tx) => void (await enqueueMail(tx, mail(failed))));
        throw new Error('the job stopped half-way');
      }),
    ).rejects.toThrow('the job stopped half-way');
    await arrival(failed);
  });
});
