import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '../../contract/staff.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { auditLog, rateLimits, staff, staffSessions, users } from '../../server/db/schema.ts';
import { addressKey } from '../../server/services/accounts/sign-in.ts';
import { createSession } from '../../server/services/sessions.ts';
import { inviteStaff } from '../../server/services/staff/staff.ts';
import { mailText, startMailCatcher } from '../support/mail-catcher.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type DeskData } from '../support/answers.ts';
import { type AdminAnswer } from '../support/staff-kit.ts';

let t: TestApp;
let clock = new Date('2026-11-25T10:00:00Z');
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const code = (secret: string, at = clock) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

interface Person {
  id: number;
  email: string;
  secret: string;
  recovery: string[];
  password: string;
}
interface Signed extends Person {
  cookie: string;
  csrf: string;
}

async function post<const Url extends string>(
  url: Url,
  body: unknown,
  s?: { cookie?: string; csrf?: string },
  ip = freshIp(),
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: ip,
    headers: { ...(s?.cookie ? { cookie: s.cookie } : {}), ...(s?.csrf ? { 'x-csrf-token': s.csrf } : {}) },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<'POST', Url>>, headers: res.headers };
}
async function get<const Url extends string>(url: Url, s?: { cookie?: string; authorization?: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(s?.cookie ? { cookie: s.cookie } : {}),
      ...(s?.authorization ? { authorization: s.authorization } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<'GET', Url>> };
}

let n = 0;
async function enrol(role: StaffRole): Promise<Person> {
  const email = `staff${++n}-${role}@example.com`;
  const invite = await inviteStaff(
    t.database.db,
    testConfig(),
    { staffId: null, role: null, clientAddress: 'test' },
    email,
    role,
    clock,
  );
  const token = new URL(invite.url).searchParams.get('token')!;
  const password = 'a long staff password';
  const setup = await post('/api/admin/setup', { token, password });
  expect(setup.status).toBe(200);
  expect(setup.body.data.totpSecret).toMatch(/^[A-Z2-7]+=*$/);
  expect(setup.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  tick(30_000);
  const confirm = await post('/api/admin/setup/confirm', {
    enrolmentToken: setup.body.data.enrolmentToken,
    code: code(setup.body.data.totpSecret),
  });
  expect(confirm.status).toBe(200);
  expect(confirm.body.data.recoveryCodes).toHaveLength(10);
  return {
    id: invite.member.id,
    email,
    secret: setup.body.data.totpSecret,
    recovery: confirm.body.data.recoveryCodes,
    password,
  };
}

async function signIn(p: Person): Promise<Signed> {
  tick(30_000);
  const res = await post('/api/admin/login', { email: p.email, password: p.password, code: code(p.secret) });
  expect(res.status, res.body.message).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  return { ...p, cookie: setCookie.split(';')[0]!, csrf: res.body.data.csrfToken };
}

const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
const staffRows = async () => t.database.db.select().from(staff).orderBy(staff.id);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('set-up and sign-in', () => {
  it('a set-up link works once and not after 24 hours', async () => {
    const invite = await inviteStaff(
      t.database.db,
      testConfig(),
      { staffId: null, role: null, clientAddress: 'test' },
      'late@example.com',
      'agent',
      clock,
    );
    const token = new URL(invite.url).searchParams.get('token')!;
    tick(24 * 3_600_000 + 1000);
    expect((await post('/api/admin/setup', { token, password: 'a long staff password' })).status).toBe(400);

    const p = await enrol('agent');
    // The person's link is used up: it cannot set a new password or authenticator.
    const again = await inviteStaff(
      t.database.db,
      testConfig(),
      { staffId: null, role: null, clientAddress: 'test' },
      'once@example.com',
      'agent',
      clock,
    );
    const onceToken = new URL(again.url).searchParams.get('token')!;
    const setup = await post('/api/admin/setup', { token: onceToken, password: 'a long staff password' });
    tick(30_000);
    const enrolmentToken = setup.body.data.enrolmentToken;
    expect(
      (await post('/api/admin/setup/confirm', { enrolmentToken, code: code(setup.body.data.totpSecret) })).status,
    ).toBe(200);
    expect((await post('/api/admin/setup', { token: onceToken, password: 'another long password' })).status).toBe(400);
    tick(30_000);
    expect(
      (await post('/api/admin/setup/confirm', { enrolmentToken, code: code(setup.body.data.totpSecret) })).status,
    ).toBe(400);
    expect(p.recovery).toHaveLength(10);
  });

  it('a set-up link starts one enrolment: a second use, before or after confirmation, is refused and changes nothing', async () => {
    const invite = await inviteStaff(
      t.database.db,
      testConfig(),
      { staffId: null, role: null, clientAddress: 'test' },
      'intercepted@example.com',
      'owner',
      clock,
    );
    const token = new URL(invite.url).searchParams.get('token')!;
    const rowOf = async () => (await staffRows()).find((r) => r.id === invite.member.id)!;
    const USED = /^This set-up link has already been used\. Ask an owner for a new one\.$/;

    // A password too short is refused without using the link up.
    expect((await post('/api/admin/setup', { token, password: 'short' })).status).toBe(400);
    const first = await post('/api/admin/setup', { token, password: 'the rightful password' });
    expect(first.status, first.body.message).toBe(200);
    const { totpSecret, enrolmentToken } = first.body.data;
    expect(enrolmentToken).toEqual(expect.any(String));
    expect(enrolmentToken).not.toBe(token);
    const enrolled = await rowOf();

    // Whoever else opens the link (someone who intercepted it) cannot start their own enrolment.
    const second = await post('/api/admin/setup', { token, password: 'an intruder password' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ status: 'error', message: expect.stringMatching(USED), data: null });
    expect(await rowOf()).toEqual(enrolled);
    // The link is not the key of the set-up begun with it: confirming with it is refused too.
    tick(30_000);
    expect((await post('/api/admin/setup/confirm', { enrolmentToken: token, code: code(totpSecret) })).status).toBe(
      400,
    );
    expect((await post('/api/admin/setup/confirm', { token, code: code(totpSecret) })).status).toBe(400);
    expect((await rowOf()).totpConfirmedAt).toBeNull();

    // The first enrolment still completes, with the value its first step returned.
    const confirm = await post('/api/admin/setup/confirm', { enrolmentToken, code: code(totpSecret) });
    expect(confirm.status, confirm.body.message).toBe(200);
    expect(confirm.body.data.recoveryCodes).toHaveLength(10);
    tick(30_000);
    expect(
      (
        await post('/api/admin/login', {
          email: 'intercepted@example.com',
          password: 'the rightful password',
          code: code(totpSecret),
        })
      ).status,
    ).toBe(200);

    // After confirmation: the link is still refused, with the same words; the set-up is not confirmed twice.
    const ready = await rowOf();
    const after = await post('/api/admin/setup', { token, password: 'an intruder password' });
    expect(after.body).toMatchObject({ status: 'error', message: expect.stringMatching(USED) });
    tick(30_000);
    expect((await post('/api/admin/setup/confirm', { enrolmentToken, code: code(totpSecret) })).status).toBe(400);
    expect(await rowOf()).toEqual(ready);
  });

  it('two uses of one link at once: exactly one starts the enrolment', async () => {
    const invite = await inviteStaff(
      t.database.db,
      testConfig(),
      { staffId: null, role: null, clientAddress: 'test' },
      'race@example.com',
      'agent',
      clock,
    );
    const token = new URL(invite.url).searchParams.get('token')!;
    const answers = await Promise.all([
      post('/api/admin/setup', { token, password: 'first racing password' }),
      post('/api/admin/setup', { token, password: 'second racing password' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.status === 200)!;
    tick(30_000);
    expect(
      (
        await post('/api/admin/setup/confirm', {
          enrolmentToken: winner.body.data.enrolmentToken,
          code: code(winner.body.data.totpSecret),
        })
      ).status,
    ).toBe(200);
  });

  it('failed sign-ins are written to the audit log: who was tried, why, from where, and no secret', async () => {
    const p = await enrol('agent');
    const ip = freshIp();
    const failed = async () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'staff.login-failed'))
        .orderBy(sql`${auditLog.id} desc`);
    const known = (await failed()).length;

    tick(30_000);
    const wrongPassword = 'not the staff password';
    expect(
      (await post('/api/admin/login', { email: p.email, password: wrongPassword, code: code(p.secret) }, undefined, ip))
        .status,
    ).toBe(401);
    const wrongCode = String((Number(code(p.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (
        await post(
          '/api/admin/login',
          { email: p.email.toUpperCase(), password: p.password, code: wrongCode },
          undefined,
          ip,
        )
      ).status,
    ).toBe(401);
    expect(
      (await post('/api/admin/login', { email: p.email, password: p.password, code: 'zzzzz-zzzzz' }, undefined, ip))
        .status,
    ).toBe(401);
    expect(
      (
        await post(
          '/api/admin/login',
          { email: 'no-such-staff@example.com', password: wrongPassword, code: '123456' },
          undefined,
          ip,
        )
      ).status,
    ).toBe(401);

    const all = await failed();
    const rows = all.slice(0, all.length - known).reverse();
    expect(rows.map((r) => [r.recordId, (r.after as { reason: string }).reason])).toEqual([
      [String(p.id), 'wrong-password'],
      [String(p.id), 'wrong-code'],
      [String(p.id), 'wrong-code'],
      [null, 'unknown-email'],
    ]);
    for (const r of rows) {
      // Nobody was signed in: the attempt is on the record of the staff member tried, from the client's address.
      expect(r).toMatchObject({ staffId: null, role: null, recordType: 'staff', clientAddress: ip, before: null });
      expect(r.at).toEqual(clock);
    }
    expect(rows[0]!.after).toEqual({ email: p.email, reason: 'wrong-password' });
    expect(rows[3]!.after).toEqual({ email: 'no-such-staff@example.com', reason: 'unknown-email' });
    const [hash] = await t.database.db
      .select({ h: staff.passwordHash, s: staff.totpSecret })
      .from(staff)
      .where(eq(staff.id, p.id));
    const written = JSON.stringify(rows);
    for (const secret of [
      wrongPassword,
      p.password,
      wrongCode,
      code(p.secret),
      'zzzzz',
      p.secret,
      hash!.h!,
      hash!.s!,
      ...p.recovery,
    ])
      expect(written).not.toContain(secret);

    // A right sign-in writes no failure; a refused (throttled) one does.
    tick(30_000);
    expect(
      (await post('/api/admin/login', { email: p.email, password: p.password, code: code(p.secret) }, undefined, ip))
        .status,
    ).toBe(200);
    expect((await failed()).length).toBe(known + 4);
    for (let i = 0; i < 5; i++)
      await post('/api/admin/login', { email: p.email, password: wrongPassword, code: '000000' }, undefined, ip);
    const throttled = await post(
      '/api/admin/login',
      { email: p.email, password: p.password, code: '000000' },
      undefined,
      ip,
    );
    expect(throttled.status).toBe(429);
    const [last] = await failed();
    expect(last).toMatchObject({
      recordId: String(p.id),
      clientAddress: ip,
      after: { email: p.email, reason: 'throttled' },
    });
    expect((await failed()).length).toBe(known + 10);
    tick(3_600_000);
  });

  it('a second invitation to someone not yet set up replaces the first link: only the newest works', async () => {
    const actor = { staffId: null, role: null, clientAddress: 'test' };
    const first = await inviteStaff(t.database.db, testConfig(), actor, 'twice@example.com', 'agent', clock);
    const second = await inviteStaff(t.database.db, testConfig(), actor, 'twice@example.com', 'accounts', clock);
    expect(second.member.id).toBe(first.member.id);
    const tokenOf = (invite: { url: string }) => new URL(invite.url).searchParams.get('token')!;
    const old = await post('/api/admin/setup', { token: tokenOf(first), password: 'a long staff password' });
    expect(old.status).toBe(400);
    expect(old.body.status).toBe('error');
    // Replaced, not used: it says so.
    expect(old.body.message).toMatch(/not valid or has expired/);
    const setup = await post('/api/admin/setup', { token: tokenOf(second), password: 'a long staff password' });
    expect(setup.status, setup.body.message).toBe(200);
    expect((await staffRows()).find((r) => r.id === first.member.id)?.role).toBe('accounts');
  });

  it('TOTP: a wrong, an expired and a replayed code are refused', async () => {
    const p = await enrol('agent');
    tick(30_000);
    const wrong = String((Number(code(p.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: wrong })).status).toBe(401);
    const old = code(p.secret, new Date(clock.getTime() - 90_000));
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: old })).status).toBe(401);
    const now = code(p.secret);
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: now })).status).toBe(200);
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: now })).status).toBe(401);
    // The right code with a wrong password is no sign-in either.
    tick(30_000);
    expect(
      (await post('/api/admin/login', { email: p.email, password: 'wrong password!!', code: code(p.secret) })).status,
    ).toBe(401);
  });

  it('a recovery code signs in once', async () => {
    const p = await enrol('accounts');
    const first = await post('/api/admin/login', { email: p.email, password: p.password, code: p.recovery[0] });
    expect(first.status).toBe(200);
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: p.recovery[0] })).status).toBe(
      401,
    );
    expect(
      (await post('/api/admin/login', { email: p.email, password: p.password, code: p.recovery[1]!.toUpperCase() }))
        .status,
    ).toBe(200);
  });

  it('the per-account throttle of traveller sign-in applies', async () => {
    const p = await enrol('agent');
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await post(
            '/api/admin/login',
            { email: p.email, password: 'wrong password!!', code: '000000' },
            undefined,
            ip,
          )
        ).status,
      );
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    tick(3_600_000);
  });

  it('the per-address throttle is the traveller sign-in’s own counter: 30 tries from one address, then even the right code waits', async () => {
    const ip = freshIp();
    const statuses = [];
    // A new email each time, so no account's own throttle is reached.
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await post(
            '/api/admin/login',
            { email: `nobody${i}@example.com`, password: 'wrong password!!', code: '000000' },
            undefined,
            ip,
          )
        ).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const p = await enrol('agent');
    tick(30_000);
    const staffNow = await post(
      '/api/admin/login',
      { email: p.email, password: p.password, code: code(p.secret) },
      undefined,
      ip,
    );
    expect(staffNow.status).toBe(429);
    expect(staffNow.body).toMatchObject({ status: 'error', message: expect.stringMatching(/minute/) });
    // The same counter as the traveller sign-in's (accounts.ts: the address's keyed hash), so a
    // traveller's tries from that address count against staff and the other way round.
    const [shared] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, addressKey(ip, testConfig().AUTH_SECRET)));
    expect(shared!.count).toBeGreaterThanOrEqual(30);
    // Another address is not held up.
    expect(
      (await post('/api/admin/login', { email: p.email, password: p.password, code: code(p.secret) })).status,
    ).toBe(200);
    tick(3_600_000);
  });

  it('sessions end after 30 idle minutes and after 12 hours, and on logout', async () => {
    const p = await signIn(await enrol('agent'));
    tick(29 * 60_000);
    expect((await get('/api/admin/me', p)).status).toBe(200);
    tick(31 * 60_000);
    expect((await get('/api/admin/me', p)).status).toBe(401);

    const q = await signIn(await enrol('agent'));
    for (let i = 0; i < 24; i++) {
      tick(29 * 60_000);
      expect((await get('/api/admin/me', q)).status).toBe(200);
    }
    tick(29 * 60_000); // 12 h 25 min after sign-in, 29 min after the last call
    expect((await get('/api/admin/me', q)).status).toBe(401);

    const r = await signIn(await enrol('agent'));
    expect((await post('/api/admin/logout', {}, { cookie: r.cookie })).status).toBe(403);
    expect((await post('/api/admin/logout', {}, r)).status).toBe(200);
    expect((await get('/api/admin/me', r)).status).toBe(401);
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ action: 'staff.logout', staffId: r.id, role: 'agent' });
  });
});

describe('staff management', () => {
  let signed: Record<StaffRole, Signed>;
  beforeAll(async () => {
    signed = {} as Record<StaffRole, Signed>;
    for (const role of STAFF_ROLES) signed[role] = await signIn(await enrol(role));
  });

  it('no session and a traveller token are 401 on every admin call; a missing or wrong CSRF token is 403', async () => {
    const [user] = await t.database.db.insert(users).values({ email: 'traveller@example.com', name: 'T' }).returning();
    const traveller = await createSession(t.database.db, testConfig(), {
      id: user!.id,
      email: 'traveller@example.com',
      name: 'T',
    });
    const calls: [string, string][] = [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/audit'],
      ['POST', '/api/admin/staff'],
      ['POST', `/api/admin/staff/${signed.agent.id}/role`],
      ['POST', `/api/admin/staff/${signed.agent.id}/disable`],
      ['POST', '/api/admin/logout'],
    ];
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { email: 'x@example.com', role: 'agent' } : undefined;
      for (const headers of [
        {},
        { authorization: `Bearer ${traveller.token}` },
        { cookie: `NHauth_token=${traveller.token}` },
        { cookie: `staff_session=${traveller.token}` },
      ]) {
        const res = await t.app.inject({ method: method as 'GET', url, payload, headers });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json().status).toBe('error');
      }
      if (method === 'POST') {
        const before = await staffRows();
        expect((await post(url, payload, { cookie: signed.owner.cookie })).status, url).toBe(403);
        expect((await post(url, payload, { cookie: signed.owner.cookie, csrf: signed.agent.csrf })).status, url).toBe(
          403,
        );
        expect(await staffRows()).toEqual(before);
      }
    }
  });

  it('role × action: each role does exactly what the permission table allows, else 403 with nothing changed', async () => {
    for (const role of STAFF_ROLES) {
      const s = signed[role];
      const target = await enrol('catalogue');
      const staffBefore = await staffRows();
      const auditBefore = await auditCount();
      const list = await get('/api/admin/staff', s);
      const audit = await get('/api/admin/audit', s);
      const invite = await post('/api/admin/staff', { email: `invited-by-${role}@example.com`, role: 'agent' }, s);
      const roleChange = await post(`/api/admin/staff/${target.id}/role`, { role: 'agent' }, s);
      const disable = await post(`/api/admin/staff/${target.id}/disable`, {}, s);
      const enable = await post(`/api/admin/staff/${target.id}/enable`, {}, s);
      const results = [list.status, audit.status, invite.status, roleChange.status, disable.status, enable.status];
      if (role === 'owner') {
        expect(results).toEqual([200, 200, 200, 200, 200, 200]);
        expect(invite.body.data.setupUrl).toContain('/admin/setup?token=');
        expect(await auditCount()).toBe(auditBefore + 4);
      } else {
        expect(results, role).toEqual([403, 403, 403, 403, 403, 403]);
        for (const r of [list, audit, invite, roleChange, disable, enable]) expect(r.body.status).toBe('error');
        expect(await staffRows()).toEqual(staffBefore);
        expect(await auditCount()).toBe(auditBefore);
      }
      const me = await get('/api/admin/me', s);
      expect(me.body.data.role).toBe(role);
    }
  });

  it('audit rows keep before and after of each action, with who, role and address; the log cannot be edited', async () => {
    const owner = signed.owner;
    const target = await enrol('agent');
    const targetSession = await signIn(target);
    await post('/api/admin/staff', { email: 'audited@example.com', role: 'accounts' }, owner, '192.0.2.7');
    await post(`/api/admin/staff/${target.id}/role`, { role: 'accounts' }, owner, '192.0.2.7');
    await post(`/api/admin/staff/${target.id}/disable`, {}, owner, '192.0.2.7');
    // A disabled account's session ends at once.
    expect((await get('/api/admin/me', targetSession)).status).toBe(401);
    const [ended] = await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, target.id));
    expect(ended!.endedAt).not.toBeNull();
    await post(`/api/admin/staff/${target.id}/enable`, {}, owner, '192.0.2.7');

    const list = await get(`/api/admin/audit?recordType=staff&recordId=${target.id}`, owner);
    const byAction = Object.fromEntries(list.body.data.items.map((e: { action: string }) => [e.action, e]));
    expect(byAction['staff.role']).toMatchObject({
      staffId: owner.id,
      role: 'owner',
      clientAddress: '192.0.2.7',
      before: { role: 'agent' },
      after: { role: 'accounts' },
    });
    expect(byAction['staff.disable']).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(byAction['staff.enable']).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    expect(byAction['staff.setup']).toMatchObject({ after: { email: target.email } });
    // Signing in is an action too: who, from where, when.
    expect(byAction['staff.login']).toMatchObject({
      staffId: target.id,
      role: 'agent',
      recordType: 'staff',
      recordId: String(target.id),
      at: expect.any(String),
    });
    const invited = await get('/api/admin/audit?action=staff.invite', owner);
    expect(invited.body.data.items[0]).toMatchObject({
      action: 'staff.invite',
      before: null,
      after: { email: 'audited@example.com', role: 'accounts', enabled: true },
    });
    const byStaff = await get(`/api/admin/audit?staffId=${owner.id}&from=2000-01-01&to=2100-01-01`, owner);
    expect(byStaff.body.data.items.every((e) => e.staffId === owner.id)).toBe(true);
    expect((await get('/api/admin/audit?from=2000-01-01&to=2000-01-02', owner)).body.data.items).toEqual([]);

    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(statement);
        return 'ran';
      } catch (err) {
        return String((err as { cause?: Error }).cause?.message ?? err);
      }
    };
    expect(await refusal(sql`update audit_log set action = 'changed'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    expect(await auditCount()).toBeGreaterThan(0);
  });

  it('on https the session cookie is Secure; an invitation is mailed with its link, which the owner is then not shown', async () => {
    const mail = await startMailCatcher();
    const main = t;
    t = await createTestApp({
      now: () => clock,
      seed: false,
      config: { PUBLIC_URL: 'https://shop.example.com', SMTP_URL: mail.url },
    });
    try {
      const owner = await signIn(await enrol('owner'));
      expect(owner.cookie).toMatch(/^staff_session=/);
      tick(30_000);
      const again = await post('/api/admin/login', {
        email: owner.email,
        password: owner.password,
        code: code(owner.secret),
      });
      expect(String(again.headers['set-cookie'])).toMatch(/; Secure/);
      expect(String(again.headers['set-cookie'])).toMatch(/Path=\/api\/admin; HttpOnly; SameSite=Strict/);
      const invite = await post('/api/admin/staff', { email: 'New.Agent@example.com', role: 'agent' }, owner);
      expect(invite.status, invite.body.message).toBe(200);
      expect(invite.body).toMatchObject({
        message: 'Invitation mailed to new.agent@example.com.',
        data: { mailed: true, setupUrl: null },
      });
      const sent = mail.mails.find((m) => m.to.includes('new.agent@example.com'));
      expect(sent?.subject).toBe('Your Wanderlust Holidays back-office account');
      const link = mailText(sent!.raw).match(/https:\/\/shop\.example\.com\/admin\/setup\?token=[\w-]+/)?.[0];
      expect(link).toBeTruthy();
      const setup = await post('/api/admin/setup', {
        token: new URL(link!).searchParams.get('token'),
        password: 'a long staff password',
      });
      expect(setup.status, setup.body.message).toBe(200);
    } finally {
      await t.close();
      t = main;
      await mail.close();
    }
  });

  it('an owner cannot disable or demote themselves', async () => {
    expect((await post(`/api/admin/staff/${signed.owner.id}/disable`, {}, signed.owner)).status).toBe(409);
  });
});

describe('npm run staff', () => {
  it('prints a set-up link on a fresh data folder (it migrates first)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['dist/node/scripts/staff.js', 'add', 'First@Example.com', 'owner'],
        {
          env: {
            ...process.env,
            DATA_DIR: dir,
            DATABASE_URL: '',
            NODE_ENV: 'test',
            PUBLIC_URL: 'http://localhost:8080',
          },
        },
      );
      const url = stdout.match(/\S*\/admin\/setup\?token=\S+/)?.[0];
      expect(url).toBeTruthy();
      const database = await openDatabase({ dataDir: dir });
      try {
        const rows = await database.db.select().from(staff);
        expect(rows).toMatchObject([{ email: 'first@example.com', role: 'owner', enabled: true }]);
        const [entry] = await database.db.select().from(auditLog);
        expect(entry).toMatchObject({ action: 'staff.invite', staffId: null, clientAddress: 'npm run staff' });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
