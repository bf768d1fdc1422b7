import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName, TEMPLATE } from '../support/test-database.ts';
import { type Answer, type ShopData } from '../support/answers.ts';

// A server killed with SIGKILL right after a booking committed, before its confirmation was sent,
// sends it exactly once after a restart (docs/decisions/0051). What makes "before it was sent"
// certain: the SMTP server is down when the booking commits, so the outbox's first attempt fails
// (ECONNREFUSED, retried 30 s later) and the mail is still queued when the process is killed. The
// SMTP server comes back, the server restarts, and its outbox sends the mail on the retry.

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_mail_kill');
const url = databaseUrl(server, name);
let db: pg.Client;
let catcher: MailCatcher | undefined;
const running: ServerProcess[] = [];

/** A shop call by its path; its answer is typed by the contract's declaration of that path. */
async function api<const Path extends string>(
  s: ServerProcess,
  method: 'GET' | 'POST',
  path: Path,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Answer<ShopData<Path>> }> {
  const qs = method === 'GET' ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(`${s.origin}/api/Common/${path}${qs}`, {
    method,
    headers: { country: 'UAE', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    body: method === 'POST' ? JSON.stringify(params) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer<ShopData<Path>> };
}

beforeAll(async () => {
  await createDatabase(server, name, TEMPLATE.seeded);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  await catcher?.close();
  await db?.end();
  await dropDatabase(server, name);
}, 60_000);

const outboxOf = async (bookingId: number) =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null; kind: string }>(
      'select status, attempts, last_error, kind from mail_outbox where booking_id = $1',
      [bookingId],
    )
  ).rows;

describe('kill -9 right after a booking commits', () => {
  it('the confirmation mail arrives once after the restart', async () => {
    catcher = await startMailCatcher();
    const smtpPort = catcher.port;
    const env = { DATABASE_URL: url, DATA_DIR: 'memory://', SMTP_URL: catcher.url };
    let shop = await spawnServer(env);
    running.push(shop);

    // A traveller signs up (their code comes by mail: SMTP is up) and holds a trip.
    const email = `killed.${Date.now()}@example.com`;
    const leadEmail = `lead.${Date.now()}@example.com`;
    expect((await api(shop, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email })).status).toBe(200);
    const code = catcher.codeOf(await catcher.waitFor(email));
    const verified = await api(shop, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email });
    const saved = await api(shop, 'POST', 'SavePassword', {
      Token: verified.body.data.token,
      Password: 'killed once 1',
      ConfirmPassword: 'killed once 1',
    });
    expect(saved.status, saved.body.message).toBe(200);
    const login = await api(shop, 'POST', 'Login', { EmailorPhone: email, Password: 'killed once 1' });
    const auth = { authorization: `Bearer ${login.body.data.tokan as string}` };
    const featured = await api(shop, 'GET', 'Holiday/GetFeaturedPackages', { limit: 1 });
    const packageId = (featured.body.data as { packages: { id: number }[] }).packages[0]!.id;
    const travelDate = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
    const added = await api(
      shop,
      'POST',
      'CreateCart',
      { packageId, travelDate, adults: 2, children: 0, infants: 0, rooms: 1 },
      auth,
    );
    expect(added.status, added.body.message).toBe(200);
    const held = await api(shop, 'POST', 'CreateTempBooking', {}, auth);
    expect(held.status, held.body.message).toBe(200);

    // The mail server goes down; the booking commits; the outbox's first attempt is refused.
    await catcher.close();
    catcher = undefined;
    const booking = {
      TempBookingId: held.body.data.TempBookingId,
      PaymentMethod: 'pay-later',
      LeadTraveller: {
        Title: 'Ms',
        FirstName: 'Lina',
        LastName: 'Haddad',
        Email: leadEmail,
        Phone: '+971501234567',
        DOB: '1988-02-03',
      },
      Travellers: [{ FirstName: 'Omar', LastName: 'Haddad', AgeBand: 'adult' }],
    };
    const key = { ...auth, 'idempotency-key': `mail-kill-${Date.now()}` };
    const booked = await api(shop, 'POST', 'CreateBooking', booking, key);
    expect(booked.status, booked.body.message).toBe(200);
    const { BookingId, RefIdKey } = booked.body.data as { BookingId: number; RefIdKey: string };
    for (const until = Date.now() + 15_000; ;) {
      const [row] = await outboxOf(BookingId);
      if (row && row.attempts >= 1 && row.last_error) break;
      if (Date.now() > until) throw new Error(`the outbox did not try the mail: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    // Killed: nothing sent, the mail still queued.
    shop.child.kill('SIGKILL');
    await shop.exited;
    const [queued] = await outboxOf(BookingId);
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, kind: 'booking-confirmed' });
    expect(queued!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // Its retry is due 30 s after the refusal (the backoff itself is outbox.test's): brought to now, so the restart
    // is what this waits for, not the clock.
    await db.query('update mail_outbox set next_attempt_at = now() where booking_id = $1', [BookingId]);

    // The mail server and the shop come back: the mail arrives, once.
    catcher = await startMailCatcher(smtpPort);
    shop = await spawnServer(env);
    running.push(shop);
    const mail = await catcher.waitFor(leadEmail, { subject: `Booking confirmed: ${RefIdKey}`, timeoutMs: 60_000 });
    expect(mail.raw).toContain('application/pdf');
    // The traveller's app sends the booking again under its key (it never saw the answer): the same booking, no second
    // mail.
    const again = await api(shop, 'POST', 'CreateBooking', booking, key);
    expect(again.body.data?.RefIdKey).toBe(RefIdKey);
    // Every mail of the booking is a row of the outbox, queued with the change that asks for it, and a sent row is
    // never taken again: one row, sent, is one mail now and later (marked sent as SMTP accepts it).
    await expect
      .poll(() => outboxOf(BookingId), { timeout: 5000 })
      .toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
    expect(catcher.mails.filter((m) => m.to.includes(leadEmail)).map((m) => m.subject)).toEqual([
      `Booking confirmed: ${RefIdKey}`,
    ]);
    await shop.stop();
  }, 180_000);
});
