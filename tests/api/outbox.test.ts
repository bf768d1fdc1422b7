import { eq, like } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/lib/server.ts';
import type { Database } from '../../server/db/client.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { pdfPool } from '../../server/services/documents/pdf-pool.ts';
import { createMailer, type Mailer } from '../../server/services/mail.ts';
import {
  backoffSeconds,
  enqueueMail,
  HEARTBEAT_MS,
  LEASE_SECONDS,
  MAIL_LANES,
  MAIL_YIELD_MAX_MS,
  MAX_ATTEMPTS,
  runOutbox,
  startOutbox,
} from '../../server/services/outbox.ts';
import { mailHtml, mailText, startMailCatcher, type CaughtMail, type MailCatcher } from '../support/mail-catcher.ts';
import { openTestDatabase } from '../support/test-database.ts';
import {
  book,
  createBookingKit,
  findPackage,
  holdId,
  lead,
  post,
  siteBooking,
  traveller,
  type BookingKit,
  razorpayStep,
} from '../support/booking-kit.ts';

/*
 * The mail outbox (server/services/outbox.ts, docs/decisions/0051): mail queued in the transaction
 * of its change, sent by a worker over real SMTP (the local catcher, or a port nobody listens on),
 * with the clock passed in to reach the retries. On Postgres (npm run test:postgres) the two
 * workers truly run at once.
 */

type Logged = { level: 'warn' | 'error'; msg: string; obj: Record<string, unknown> };

const mailerTo = (url: string): Mailer =>
  createMailer(
    { SMTP_URL: url, SMTP_FROM: 'Wanderlust Tests <codes@wanderlust.test>', NODE_ENV: 'test' },
    { info: () => undefined },
  );
const recorder = () => {
  const logged: Logged[] = [];
  return {
    logged,
    warn: (obj: object, msg?: string) =>
      void logged.push({ level: 'warn', msg: msg ?? '', obj: obj as Record<string, unknown> }),
    error: (obj: object, msg?: string) =>
      void logged.push({ level: 'error', msg: msg ?? '', obj: obj as Record<string, unknown> }),
  };
};
const seconds = (at: Date, s: number) => new Date(at.getTime() + s * 1000);
let n = 0;
const address = (what: string) => `${what}.${++n}.${Date.now()}@example.com`;

describe('the outbox worker', () => {
  let database: Database;
  let catcher: MailCatcher;
  let mailer: Mailer;
  const db = () => database.db;
  const to = (email: string) => catcher.mails.filter((m) => m.to.includes(email));
  const row = async (dedupeKey: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)))[0];
  /** Waits for a worker to take the mail (its first attempt), failing in words after 5 s rather than spinning on. */
  const taken = async (dedupeKey: string) => {
    const until = Date.now() + 5000;
    while ((await row(dedupeKey))!.attempts === 0) {
      if (Date.now() > until) throw new Error(`no worker took ${dedupeKey} within 5 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const queue = (email: string, dedupeKey: string, subject = `Hello ${dedupeKey}`) =>
    db().transaction((tx) =>
      enqueueMail(tx, { kind: 'test', dedupeKey, message: { to: email, subject, text: `About ${dedupeKey}.` } }),
    );

  beforeAll(async () => {
    database = await openTestDatabase({ seed: false });
    catcher = await startMailCatcher();
    mailer = mailerTo(catcher.url);
  });
  afterAll(async () => {
    await catcher?.close();
    await database?.close();
  });

  it('sends nothing for a transaction that rolled back, and what committed once', async () => {
    const email = address('rollback');
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, {
          kind: 'test',
          dedupeKey: 'rollback:1',
          message: { to: email, subject: 'Never', text: 'The change behind me failed.' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await row('rollback:1')).toBeUndefined();
    await queue(email, 'rollback:2', 'Committed');

    const log = recorder();
    expect(await runOutbox(db(), mailer, log, null)).toBe(1);
    expect(await runOutbox(db(), mailer, log, null)).toBe(0);
    expect(to(email).map((m) => m.subject)).toEqual(['Committed']);
    expect(mailText(to(email)[0]!.raw)).toContain('About rollback:2.');
    expect(await row('rollback:2')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(log.logged).toEqual([]);
  });

  it('a mail whose HTML part cannot be rendered goes out at once as its text part alone, logged at error, not retried', async () => {
    const email = address('layout');
    const shop = { tradeName: 'Wanderlust Tests', phone: '+971 4 000 0000' };
    const good = { shop, heading: 'Fine', preheader: 'Fine', greeting: 'Hello,', blocks: [{ p: 'A paragraph.' }] };
    // A layout this release cannot read (queued by an older one): a block that is no block.
    const broken = { ...good, blocks: [null] } as unknown as typeof good;
    await db().transaction(async (tx) => {
      await enqueueMail(tx, {
        kind: 'test',
        dedupeKey: 'layout:good',
        message: { to: email, subject: 'Laid out', text: 'Hello,\n\nA paragraph.', layout: good },
      });
      await enqueueMail(tx, {
        kind: 'test',
        dedupeKey: 'layout:broken',
        message: { to: email, subject: 'Broken layout', text: 'Hello,\n\nStill readable.', layout: broken },
      });
    });
    const log = recorder();
    expect(await runOutbox(db(), mailer, log, null)).toBe(2);
    const good1 = to(email).find((m) => m.subject === 'Laid out')!;
    const broken1 = to(email).find((m) => m.subject === 'Broken layout')!;
    expect(mailHtml(good1.raw)).toContain('A paragraph.');
    expect(mailText(broken1.raw)).toContain('Still readable.');
    expect(broken1.raw).not.toContain('text/html');
    expect(await row('layout:broken')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(log.logged).toHaveLength(1);
    expect(log.logged[0]).toMatchObject({ level: 'error', obj: { mailId: (await row('layout:broken'))!.id } });
    expect(log.logged[0]!.msg).toContain('plain text only');
  });

  it('a mail is due the moment its transaction commits: a worker looking straight after finds it, every time', async () => {
    // The worker compares due times with its own clock in milliseconds; a due time written by the database's clock
    // in microseconds was up to 1 ms later, so a look (a request's kick) in that millisecond found nothing.
    const quiet: Mailer = { live: true, send: async () => undefined };
    let foundAtOnce = 0;
    for (let i = 0; i < 200; i++) {
      await queue(address('due'), `due:${i}`);
      foundAtOnce += await runOutbox(db(), quiet, recorder(), null, undefined, 1);
    }
    expect(foundAtOnce).toBe(200);
  });

  it('queues the same dedupe key once: a second queueing (a replayed job) is no second mail', async () => {
    const email = address('dedupe');
    expect(await queue(email, 'dedupe:1', 'First')).toBe(true);
    expect(await queue(email, 'dedupe:1', 'Second')).toBe(false);
    await runOutbox(db(), mailer, recorder(), null);
    // Queued again after it was sent: still nothing new.
    expect(await queue(email, 'dedupe:1', 'Third')).toBe(false);
    await runOutbox(db(), mailer, recorder(), null);
    expect(to(email).map((m) => m.subject)).toEqual(['First']);
  });

  it('retries a mail the SMTP server refused with backoff, then gives it up as failed after MAX_ATTEMPTS, logged at error', async () => {
    const down = mailerTo(`smtp://127.0.0.1:${await freePort()}`);
    const email = address('down');
    await queue(email, 'down:1');
    const log = recorder();
    let at = seconds(new Date(), 1);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Not before its time.
      if (attempt > 1) {
        expect(await runOutbox(db(), down, log, null, () => seconds(at, -1))).toBe(0);
        expect((await row('down:1'))!.attempts).toBe(attempt - 1);
      }
      expect(await runOutbox(db(), down, log, null, () => at)).toBe(0);
      const r = (await row('down:1'))!;
      expect(r.attempts).toBe(attempt);
      expect(r.lastError).toMatch(/ECONNREFUSED|connect/i);
      if (attempt < MAX_ATTEMPTS) {
        expect(r.status).toBe('pending');
        expect(r.nextAttemptAt.getTime()).toBe(seconds(at, backoffSeconds(attempt)).getTime());
        at = r.nextAttemptAt;
      } else {
        expect(r.status).toBe('failed');
      }
    }
    expect([30, 120, 480].map((s, i) => backoffSeconds(i + 1))).toEqual([30, 120, 480]);
    expect(log.logged.filter((l) => l.level === 'warn')).toHaveLength(MAX_ATTEMPTS - 1);
    const errors = log.logged.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toMatch(new RegExp(`^mail given up after ${MAX_ATTEMPTS} attempts`));
    expect(errors[0]!.obj).toMatchObject({ kind: 'test', attempts: MAX_ATTEMPTS });
    // Failed is final: a day later, nothing is tried.
    expect(await runOutbox(db(), down, log, null, () => seconds(at, 86_400))).toBe(0);
    expect((await row('down:1'))!.attempts).toBe(MAX_ATTEMPTS);
  });

  it('sends a mail once when the SMTP server answers on a later attempt', async () => {
    const port = await freePort();
    const late = mailerTo(`smtp://127.0.0.1:${port}`);
    const email = address('late');
    await queue(email, 'late:1');
    const t0 = seconds(new Date(), 1);
    const log = recorder();
    expect(await runOutbox(db(), late, log, null, () => t0)).toBe(0);
    expect(await row('late:1')).toMatchObject({ status: 'pending', attempts: 1 });
    const server = await startMailCatcher(port);
    try {
      expect(await runOutbox(db(), late, log, null, () => seconds(t0, backoffSeconds(1) - 1))).toBe(0);
      expect(await runOutbox(db(), late, log, null, () => seconds(t0, backoffSeconds(1)))).toBe(1);
      expect(await runOutbox(db(), late, log, null, () => seconds(t0, 86_400))).toBe(0);
      expect(server.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await server.close();
    }
    expect(await row('late:1')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('a kicked mail waits while the process is busy (a rush of requests), at most MAIL_YIELD_MAX_MS; a flush never waits', async () => {
    // The event loop held in 10 ms slices (as a rush of requests holds it), other work in between.
    const busyFor = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const slice = Date.now() + 10;
        while (Date.now() < slice) {
          // busy
        }
        await new Promise((r) => setImmediate(r));
      }
    };
    const arrived = async (email: string, withinMs: number) => {
      const until = Date.now() + withinMs;
      while (to(email).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return to(email).length;
    };
    const worker = startOutbox(db(), mailer, recorder(), null, 600_000);
    try {
      const waited = address('busy');
      await queue(waited, 'busy:1');
      await busyFor(250);
      worker.kick();
      await busyFor(2000);
      expect(to(waited)).toHaveLength(0);
      const quietAt = Date.now();
      expect(await arrived(waited, 2000)).toBe(1);
      expect(Date.now() - quietAt).toBeLessThan(1500);

      const starved = address('starved');
      await queue(starved, 'busy:2');
      await busyFor(250);
      const kickedAt = Date.now();
      worker.kick();
      await busyFor(MAIL_YIELD_MAX_MS + 2000);
      // Sent while the loop was still busy, once the mail had waited its longest.
      const mail = to(starved);
      expect(mail).toHaveLength(1);
      expect(await row('busy:2')).toMatchObject({ status: 'sent' });
      expect(Date.now() - kickedAt).toBeGreaterThanOrEqual(MAIL_YIELD_MAX_MS);

      const flushed = address('flushed');
      await queue(flushed, 'busy:3');
      let busyEnded = false;
      const busy = busyFor(MAIL_YIELD_MAX_MS).then(() => (busyEnded = true));
      await worker.flush();
      expect(busyEnded).toBe(false);
      expect(to(flushed)).toHaveLength(1);
      await busy;
    } finally {
      await worker.stop();
    }
  });

  it('two workers at once send each mail once', async () => {
    const emails = Array.from({ length: 30 }, () => address('pair'));
    for (const [i, email] of emails.entries()) await queue(email, `pair:${i}`);
    const sent = await Promise.all([
      runOutbox(db(), mailer, recorder(), null),
      runOutbox(db(), mailerTo(catcher.url), recorder(), null),
    ]);
    expect(sent[0] + sent[1]).toBe(30);
    for (const email of emails) expect(to(email), email).toHaveLength(1);
    const rows = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'pair:%'));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(emails.map(() => ['sent', 1]));
  });

  it('one worker sends several mails at once (MAIL_LANES), each once and in its own lease', async () => {
    const emails = Array.from({ length: 8 }, () => address('lanes'));
    for (const [i, email] of emails.entries()) await queue(email, `lanes:${i}`);
    // An SMTP server that answers after 300 ms: one at a time would take 2.4 s; how many it holds at once is counted.
    let inFlight = 0;
    let most = 0;
    const slow: Mailer = {
      live: true,
      send: async (m) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 300));
        inFlight--;
        await mailer.send(m);
      },
    };
    expect(await runOutbox(db(), slow, recorder(), null, undefined, 1000, undefined, undefined, {}, MAIL_LANES)).toBe(
      8,
    );
    expect(most).toBe(MAIL_LANES);
    for (const email of emails) expect(to(email), email).toHaveLength(1);
    const rows = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'lanes:%'));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(emails.map(() => ['sent', 1]));
  });

  it('a mail a worker is sending is not taken by another until its lease ends; a worker that died is replaced after it', async () => {
    const email = address('lease');
    await queue(email, 'lease:1');
    const t0 = seconds(new Date(), 1);
    // Worker A takes it and hangs on an SMTP server that never answers (as if killed mid-send).
    const hung: Mailer = { live: true, send: () => new Promise(() => undefined) };
    const a = runOutbox(db(), hung, recorder(), null, () => t0, 1000, 1500);
    await taken('lease:1');
    expect(await runOutbox(db(), mailer, recorder(), null, () => t0)).toBe(0);
    expect(await runOutbox(db(), mailer, recorder(), null, () => seconds(t0, LEASE_SECONDS - 1))).toBe(0);
    // The lease over, worker B sends it.
    expect(await runOutbox(db(), mailer, recorder(), null, () => seconds(t0, LEASE_SECONDS))).toBe(1);
    // A's send times out afterwards: it does not undo B's.
    expect(await a).toBe(0);
    expect(await row('lease:1')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(to(email)).toHaveLength(1);
  });

  // Short leases with a heartbeat (issue 33, docs/decisions/0094). Real time here, with a lease of
  // 1 s standing for LEASE_SECONDS; the same code runs with the real one.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const LEASE = { leaseSeconds: 1, heartbeatMs: 200 };
  /** A worker that keeps looking every 100 ms until `done`, as the other processes do: how many it sent. */
  const otherWorker = async (done: () => boolean, timing = LEASE) => {
    let sent = 0;
    while (!done()) {
      sent += await runOutbox(db(), mailer, recorder(), null, undefined, 1000, undefined, undefined, timing);
      await sleep(100);
    }
    return sent;
  };

  it('leases are short: a mail leased by a worker that crashed (no heartbeat) is sent by another once the lease ends, within it', async () => {
    expect(LEASE_SECONDS).toBeLessThanOrEqual(60);
    expect(HEARTBEAT_MS * 3).toBeLessThanOrEqual(LEASE_SECONDS * 1000);
    const email = address('crashed');
    await queue(email, 'crashed:1');
    // The crashed worker: took the mail under a lease, then neither sent it nor renewed the lease.
    const hung: Mailer = { live: true, send: () => new Promise(() => undefined) };
    const crashed = runOutbox(db(), hung, recorder(), null, undefined, 1, 3000, undefined, {
      leaseSeconds: 1,
      heartbeatMs: 600_000,
    });
    await taken('crashed:1');
    const takenAt = Date.now();
    let arrived = false;
    const other = otherWorker(() => arrived);
    while (to(email).length === 0 && Date.now() - takenAt < 5000) await sleep(20);
    arrived = true;
    expect(await other).toBe(1);
    expect(to(email)).toHaveLength(1);
    // Not before the lease ended, and soon after.
    expect(Date.now() - takenAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - takenAt).toBeLessThan(2500);
    expect(await row('crashed:1')).toMatchObject({ status: 'sent', attempts: 2 });
    // Its send ends (here: times out) afterwards and undoes nothing.
    expect(await crashed).toBe(0);
    expect(await row('crashed:1')).toMatchObject({ status: 'sent', attempts: 2 });

    // The same with the real lease, on a clock passed in: not taken a second before LEASE_SECONDS, taken at it.
    const email2 = address('crashed');
    await queue(email2, 'crashed:2');
    const t0 = seconds(new Date(), 1);
    const gone = runOutbox(db(), hung, recorder(), null, () => t0, 1, 1000, undefined, { heartbeatMs: 600_000 });
    await taken('crashed:2');
    expect(await runOutbox(db(), mailer, recorder(), null, () => seconds(t0, LEASE_SECONDS - 1))).toBe(0);
    expect(await runOutbox(db(), mailer, recorder(), null, () => seconds(t0, LEASE_SECONDS))).toBe(1);
    expect(to(email2)).toHaveLength(1);
    expect(await gone).toBe(0);
  });

  it('a slow send keeps its mail while its heartbeat runs: sent once, however many leases it outlasts', async () => {
    const email = address('slow');
    await queue(email, 'slow:1');
    // SMTP answers after 3 s: three leases of 1 s.
    const slow: Mailer = { live: true, send: async (m) => (await sleep(3000), mailer.send(m)) };
    let done = false;
    const first = runOutbox(db(), slow, recorder(), null, undefined, 1, undefined, undefined, LEASE).finally(
      () => (done = true),
    );
    await taken('slow:1');
    const other = otherWorker(() => done);
    expect(await first).toBe(1);
    expect(await other).toBe(0);
    expect(to(email)).toHaveLength(1);
    expect(await row('slow:1')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a worker whose lease lapsed while it stalled (no heartbeat in time) leaves the mail to the worker that took it: no second send', async () => {
    const email = address('stalled');
    await db().transaction((tx) =>
      enqueueMail(tx, {
        kind: 'test',
        dedupeKey: 'stalled:1',
        message: { to: email, subject: 'Stalled', text: 'Once.', attachments: [{ type: 'invoice', bookingId: 0 }] },
      }),
    );
    const file = (ms: number) => async () => (
      await sleep(ms),
      [{ filename: 'a.txt', content: Buffer.from('a'), contentType: 'text/plain' }]
    );
    const log = recorder();
    let done = false;
    // Its attachment takes 2.5 s to render and no beat comes in time: the 1 s lease lapses meanwhile.
    const stalled = runOutbox(db(), mailer, log, file(2500), undefined, 1, undefined, undefined, {
      leaseSeconds: 1,
      heartbeatMs: 600_000,
    }).finally(() => (done = true));
    await taken('stalled:1');
    let sentByOther = 0;
    while (!done) {
      sentByOther += await runOutbox(db(), mailer, recorder(), file(0), undefined, 1000, undefined, undefined, LEASE);
      await sleep(100);
    }
    expect(await stalled).toBe(0);
    expect(sentByOther).toBe(1);
    expect(to(email)).toHaveLength(1);
    expect(await row('stalled:1')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(log.logged.map((l) => l.msg)).toEqual(['mail left to the worker that took it after its lease lapsed']);
  });
});

/** The PDF parts of a raw mail: file name and bytes. */
function pdfAttachments(raw: string): { filename: string; bytes: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw.split(`--${boundary}`).flatMap((part) => {
    const at = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
    if (!/^Content-Type:\s*application\/pdf/im.test(head)) return [];
    return [
      {
        filename: /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '',
        bytes: Buffer.from(part.slice(at).replace(/\s+/g, ''), 'base64'),
      },
    ];
  });
}

const pdfText = async (bytes: Buffer) =>
  ((await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text as string).replace(
    /\s+/g,
    ' ',
  );

describe('booking mail through the outbox', () => {
  let kit: BookingKit;
  beforeAll(async () => {
    kit = await createBookingKit();
  });
  afterAll(() => kit?.close());

  const outboxOf = (bookingId: number) =>
    kit.database.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId));
  const mailsTo = (email: string, since = 0): CaughtMail[] =>
    kit.mail.mails.slice(since).filter((m) => m.to.includes(email));

  it('pay later: the confirmation is queued with the booking and arrives with the proforma invoice as a PDF, no vouchers', async () => {
    const who = await traveller(kit, 'ines');
    const pkg = await findPackage(kit, { rooms: 10, inIndia: false });
    const id = await holdId(kit, who.token, 'UAE', [{ packageId: pkg.id }]);
    const res = await book(kit, who.token, 'UAE', { TempBookingId: id, LeadTraveller: lead({ Email: who.email }) });
    expect(res.status, res.body.message).toBe(200);
    const b = res.body.data as { BookingId: number; RefIdKey: string };
    const queued = await outboxOf(b.BookingId);
    expect(queued.map((r) => [r.kind, r.dedupeKey])).toEqual([
      ['booking-confirmed', `booking-confirmed:${b.BookingId}`],
    ]);

    const mail = await kit.mail.waitFor(who.email, { subject: `Booking confirmed: ${b.RefIdKey}` });
    expect(mailText(mail.raw)).toContain(`Your booking reference is ${b.RefIdKey}`);
    const pdfs = pdfAttachments(mail.raw);
    expect(pdfs.map((p) => p.filename)).toEqual([`invoice-${b.RefIdKey}.pdf`]);
    expect(pdfs[0]!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdfs[0]!.bytes);
    expect(text).toContain('Proforma');
    expect(text).toContain(b.RefIdKey);
    // Rendered by the PDF worker thread, not on the event loop (issue 33).
    expect(pdfPool.counts).toMatchObject({ here: 0 });
    expect(pdfPool.counts.worker).toBeGreaterThan(0);
    await kit.app.flushOutbox();
    expect(await outboxOf(b.BookingId)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('a gateway payment: the mail is queued with the payment and carries the tax invoice and the vouchers; a replayed proof mails nothing more', async () => {
    const who = await traveller(kit, 'priya');
    const india = await findPackage(kit, { inIndia: true, rooms: 10 });
    const b = await siteBooking(kit, who, 'IN', india.id, 'razorpay');
    // Nothing is mailed for a booking still waiting for its payment.
    await kit.app.flushOutbox();
    expect(await outboxOf(b.BookingId)).toEqual([]);

    const proof = kit.gateways.payOrder(razorpayStep(b.Next).orderId);
    const since = kit.mail.mails.length;
    const paid = await post(kit, 'VerifyPaymentSignatureAsync', { BookingId: b.BookingId, ...proof }, who.token, 'IN');
    expect(paid.status, paid.body.message).toBe(200);
    const mail = await kit.mail.waitFor(who.email, { subject: `Payment received: booking ${b.RefIdKey}` });
    const pdfs = pdfAttachments(mail.raw);
    expect(pdfs.map((p) => p.filename)).toEqual([`invoice-${b.RefIdKey}.pdf`, `vouchers-${b.RefIdKey}.pdf`]);
    for (const p of pdfs) expect(p.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdfs[0]!.bytes)).toMatch(/Tax invoice/i);
    expect(await pdfText(pdfs[1]!.bytes)).toContain(`${b.RefIdKey}-01`);

    const replay = await post(
      kit,
      'VerifyPaymentSignatureAsync',
      { BookingId: b.BookingId, ...proof },
      who.token,
      'IN',
    );
    expect(replay.status).toBe(409);
    await kit.app.flushOutbox();
    expect(mailsTo(who.email, since).map((m) => m.subject)).toEqual([`Payment received: booking ${b.RefIdKey}`]);
    const rows = await outboxOf(b.BookingId);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['booking-paid', 'sent']]);
    expect(rows[0]!.dedupeKey).toMatch(/^payment:\d+$/);
  });
});
