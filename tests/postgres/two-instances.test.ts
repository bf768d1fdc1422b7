import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNERS, FOOTER_HEADINGS, MISSION_STATEMENTS } from '../../server/db/seed-data/content.ts';
import { REVIEWS } from '../../server/db/seed-data/reviews.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { createDatabase, databaseUrl, dropDatabase, freshDatabaseName } from '../support/test-database.ts';
import { type Answer, type ShopData } from '../support/answers.ts';

// Two server processes on one Postgres, as behind a load balancer: whatever one knows (sessions,
// codes, limits, idempotency keys, holds, carts), the other knows too, because it lives in the
// database. They start together on an empty database: the migrations and the seed happen once.

const server = process.env.TEST_DATABASE_URL!;
const name = freshDatabaseName('shop_two');
const url = databaseUrl(server, name);
let mail: MailCatcher;
let a: ServerProcess;
let b: ServerProcess;
let db: pg.Client;

const MIGRATIONS = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** A shop call by its path; its answer is typed by the contract's declaration of that path. */
async function api<const Path extends string>(
  s: ServerProcess,
  method: 'GET' | 'POST',
  path: Path,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Answer<ShopData<Path>>; headers: Headers }> {
  const qs = method === 'GET' ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(`${s.origin}/api/Common/${path}${qs}`, {
    method,
    headers: { country: 'UAE', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    body: method === 'POST' ? JSON.stringify(params) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer<ShopData<Path>>, headers: res.headers };
}

const travelDate = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  mail = await startMailCatcher();
  await createDatabase(server, name);
  const env = { DATABASE_URL: url, SMTP_URL: mail.url, ENQUIRY_RATE_LIMIT: '4', DATA_DIR: `memory://` };
  // Both at once, on an empty database.
  [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await mail?.close();
  await dropDatabase(server, name);
}, 60_000);

const count = async (table: string) => Number((await db.query(`select count(*)::int as n from ${table}`)).rows[0].n);

describe('two servers starting at once on an empty database', () => {
  it('apply the migrations once and the seed once, and neither prints an error', async () => {
    expect(await count('drizzle.__drizzle_migrations')).toBe(MIGRATIONS);
    expect(await count('banners')).toBe(BANNERS.length);
    expect(await count('mission_statements')).toBe(MISSION_STATEMENTS.length);
    expect(await count('footer_headings')).toBe(FOOTER_HEADINGS.length);
    expect(await count('reviews')).toBe(REVIEWS.length);
    for (const s of [a, b]) expect(s.output()).not.toMatch(/error|Error|violat/);
  });
});

describe('what one server knows, the other knows', () => {
  let token: string;

  it('a code sent by one is checked by the other; a sign-in on one works on the other; a sign-out on one ends it on both', async () => {
    const email = 'two@example.com';
    const since = mail.mails.length;
    expect((await api(a, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email })).status).toBe(200);
    const code = mail.codeOf(await mail.waitFor(email, { since }));
    const verified = await api(b, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email });
    expect(verified.status).toBe(200);
    const saved = await api(a, 'POST', 'SavePassword', {
      Token: verified.body.data.token,
      Password: 'two servers 1',
      ConfirmPassword: 'two servers 1',
    });
    expect(saved.status).toBe(200);
    const login = await api(b, 'POST', 'Login', { EmailorPhone: email, Password: 'two servers 1' });
    expect(login.status).toBe(200);
    token = login.body.data.tokan;
    const profile = await api(a, 'GET', 'GetProfileDetail', {}, { authorization: `Bearer ${token}` });
    expect(profile.body.data.email).toBe(email);

    // Sign out through A's /api/auth: B refuses the token from then on.
    const csrf = await fetch(`${a.origin}/api/auth/csrf`);
    const cookie = csrf.headers.get('set-cookie')!.split(';')[0]!;
    const out = await fetch(`${a.origin}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, authorization: `Bearer ${token}` },
      body: JSON.stringify({ csrfToken: ((await csrf.json()) as { csrfToken: string }).csrfToken }),
    });
    expect(out.status).toBe(200);
    const after = await api(b, 'GET', 'GetProfileDetail', {}, { authorization: `Bearer ${token}` });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token expired. please log in again');
  });

  it('one-time-code guessing stops at the limit, counted across both', async () => {
    const email = 'guessed@example.com';
    const since = mail.mails.length;
    await api(b, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email });
    const code = mail.codeOf(await mail.waitFor(email, { since }));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const guess = await api(i % 2 ? a : b, 'GET', 'ValidateOTP', { OTP: wrong, EmailIdOrPhone: email });
      expect(guess.body.message).toBe('OTP is Expired or OTP is not correct');
    }
    // The sixth try, right or not, on either server: the code is spent.
    expect((await api(a, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email })).body.message).toBe(
      'OTP is Expired or OTP is not correct',
    );
    expect((await api(b, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email })).body.message).toBe(
      'OTP is Expired or OTP is not correct',
    );
  });

  it('rate limits count across both: sign-in waits and enquiries', async () => {
    const email = 'limits@example.com';
    const since = mail.mails.length;
    await api(a, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email });
    const code = mail.codeOf(await mail.waitFor(email, { since }));
    const verified = await api(a, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email });
    await api(b, 'POST', 'SavePassword', {
      Token: verified.body.data.token,
      Password: 'limits pass 1',
      ConfirmPassword: 'limits pass 1',
    });
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push((await api(i % 2 ? a : b, 'POST', 'Login', { EmailorPhone: email, Password: `wrong ${i}` })).status);
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);

    const exit = {
      FullName: 'Sara Ali',
      Email: 'sara.ali@gmail.com',
      MobileCountryCode: '+971',
      MobileNo: '501234567',
      Mode: 'exit-popup',
    };
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push((await api(i % 2 ? a : b, 'POST', 'SubmitExitPageEnquiry', exit)).status);
    expect(sent).toEqual([200, 200, 200, 200, 429]);
  });

  it('the same Idempotency-Key on both at once gives one line', async () => {
    const featured = await api(a, 'GET', 'Holiday/GetFeaturedPackages', { limit: 1 });
    const line = {
      packageId: featured.body.data.packages[0]!.id,
      travelDate,
      adults: 2,
      tempUserId: 'guest-two-servers-1',
      clientId: 'line-two-servers-1',
    };
    for (let round = 0; round < 5; round++) {
      const headers = { 'idempotency-key': `key-two-servers-${round}` };
      const body = { ...line, clientId: `line-two-servers-${round}` };
      const answers = await Promise.all([
        api(a, 'POST', 'CreateCart', body, headers),
        api(b, 'POST', 'CreateCart', body, headers),
      ]);
      for (const ans of answers) expect([200, 409]).toContain(ans.status);
      // A 409 said "being processed": its retry is the first answer, replayed.
      for (const [i, ans] of answers.entries()) {
        if (ans.status !== 409) continue;
        const retry = await api(i ? b : a, 'POST', 'CreateCart', body, headers);
        expect(retry.status).toBe(200);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
      }
    }
    const lines = (await api(b, 'POST', 'GetCart', { tempUserId: line.tempUserId })).body.data.flatMap(
      (g: { data: unknown[] }) => g.data,
    );
    expect(lines).toHaveLength(5);
    expect(await count(`cart_items where owner = 'guest:guest-two-servers-1'`)).toBe(5);
  });

  it('a cart line added on one is removed on the other; a hold made on one is read on the other', async () => {
    const featured = await api(b, 'GET', 'Holiday/GetFeaturedPackages', { limit: 2 });
    const guest = 'guest-two-servers-2';
    const [p1, p2] = featured.body.data.packages;
    const added = await api(a, 'POST', 'CreateCart', { packageId: p1!.id, travelDate, adults: 1, tempUserId: guest });
    await api(b, 'POST', 'CreateCart', { packageId: p2!.id, travelDate, adults: 2, tempUserId: guest });
    expect((await api(b, 'POST', 'RemoveCart', { CartId: added.body.data.CartId, tempUserId: guest })).status).toBe(
      200,
    );
    const left = (await api(a, 'POST', 'GetCart', { tempUserId: guest })).body.data.flatMap(
      (g: { data: { packageId: number }[] }) => g.data,
    );
    expect(left.map((l: { packageId: number }) => l.packageId)).toEqual([p2!.id]);

    const hold = await api(b, 'POST', 'CreateTempBooking', { tempUserId: guest });
    expect(hold.status).toBe(200);
    const read = await api(a, 'POST', 'GetTempBooking', {
      tempUserId: guest,
      TempBookingId: hold.body.data.TempBookingId,
    });
    expect(read.body.data).toHaveLength(1);
    expect(read.body.data[0]).toMatchObject({ status: 'held', total: hold.body.data.total });
  });

  it('an operator’s change to the content (straight into Postgres) shows on both within a couple of seconds', async () => {
    const title = async (server: ServerProcess) =>
      ((await api(server, 'GET', 'getBanner', { BannerType: 'home' })).body.data as { title: string }[])[0]?.title;
    // Both have the answer kept.
    const before = await title(a);
    expect(await title(b)).toBe(before);
    await db.query(`update banners set title = 'Summer sale: 30% off' where banner_type = 'home'`);
    for (const server of [a, b])
      await expect.poll(() => title(server), { timeout: 5000, interval: 100 }).toBe('Summer sale: 30% off');
  });
});
