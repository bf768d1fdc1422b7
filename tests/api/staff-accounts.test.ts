import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contract/staff.ts';
import { testConfig } from '../../server/config.ts';
import { auditLog, staff } from '../../server/db/schema.ts';
import { inviteStaff } from '../../server/services/staff/staff.ts';
import { admin, type AdminAnswer, type Staffer } from '../support/staff-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type DeskData } from '../support/answers.ts';

/*
 * Staff accounts: an owner resets another member's sign-in (a new one-time set-up link, the
 * member's sessions ended at once, audited; owner only, not oneself, not a disabled member), and
 * every member's own account: their password (the current one first, set-up's rules) and their
 * sessions, with the others signed out. The real app on PGlite, staff through the real calls.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const totp = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: at });
let ip = 0;
const freshIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function post<const Url extends string>(url: Url, payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), headers });
  return { status: res.statusCode, body: res.json() as AdminAnswer<DeskData<'POST', Url>>, headers: res.headers };
}

interface Enrolled {
  id: number;
  email: string;
  password: string;
  secret: string;
  recovery: string[];
}

/** Sets up a member from a set-up link: password, authenticator (a code of now), recovery codes. */
async function setUp(id: number, email: string, url: string, password: string): Promise<Enrolled> {
  const token = new URL(url).searchParams.get('token')!;
  const setup = await post('/api/admin/setup', { token, password });
  expect(setup.status, setup.body.message).toBe(200);
  const secret = setup.body.data.totpSecret as string;
  const confirm = await post('/api/admin/setup/confirm', {
    enrolmentToken: setup.body.data.enrolmentToken,
    code: totp(secret, Date.now()),
  });
  expect(confirm.status, confirm.body.message).toBe(200);
  return { id, email, password, secret, recovery: confirm.body.data.recoveryCodes };
}

let n = 0;
async function enrol(role: StaffRole): Promise<Enrolled> {
  const email = `account${++n}-${role}-${Date.now()}@example.com`;
  const invite = await inviteStaff(
    t.database.db,
    testConfig(),
    { staffId: null, role: null, clientAddress: 'test' },
    email,
    role,
  );
  return setUp(invite.member.id, email, invite.url, 'a long staff password');
}

/** Signs in with a recovery code (each once), so one member can hold several sessions in a test. */
async function signIn(p: Enrolled, userAgent = 'Mozilla/5.0 (iPhone) Safari/604.1'): Promise<Staffer> {
  const code = p.recovery.shift()!;
  const login = await post(
    '/api/admin/login',
    { email: p.email, password: p.password, code },
    { 'user-agent': userAgent },
  );
  expect(login.status, login.body.message).toBe(200);
  return {
    id: p.id,
    email: p.email,
    role: login.body.data.role,
    cookie: String(login.headers['set-cookie']).split(';')[0]!,
    csrf: login.body.data.csrfToken,
  };
}

const audits = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, String(id))));

describe('an owner resets another member’s sign-in', () => {
  it('ends the member’s sessions at once, stops the old password and codes, and the new link sets up both again', async () => {
    const owner = await signIn(await enrol('owner'));
    const agentP = await enrol('agent');
    const agentA = await signIn(agentP);
    const agentB = await signIn(agentP, 'Mozilla/5.0 (X11; Linux) Chrome/130');
    expect((await admin(t, agentA, 'GET', 'me')).status).toBe(200);

    const reset = await admin(t, owner, 'POST', `staff/${agentP.id}/reset`);
    expect(reset.status, reset.body.message).toBe(200);
    expect(reset.body.message).toContain('sessions have ended');
    expect(reset.body.data.member).toMatchObject({ id: agentP.id, ready: false, enabled: true });
    const url = reset.body.data.setupUrl as string;
    expect(url).toContain('/admin/setup?token=');

    // Both sessions ended at once.
    expect((await admin(t, agentA, 'GET', 'me')).status).toBe(401);
    expect((await admin(t, agentB, 'GET', 'bookings')).status).toBe(401);
    // The old password with a code (TOTP or recovery) no longer signs in.
    const old = await post('/api/admin/login', {
      email: agentP.email,
      password: agentP.password,
      code: agentP.recovery[0],
    });
    expect(old.status).toBe(401);
    const oldTotp = await post('/api/admin/login', {
      email: agentP.email,
      password: agentP.password,
      code: totp(agentP.secret, Date.now()),
    });
    expect(oldTotp.status).toBe(401);

    // The link sets a new password and a new authenticator; the member signs in with them.
    const again = await setUp(agentP.id, agentP.email, url, 'a brand new staff password');
    expect(again.secret).not.toBe(agentP.secret);
    const back = await signIn(again);
    expect((await admin(t, back, 'GET', 'me')).body.data.email).toBe(agentP.email);
    // The link works once.
    const reused = await post('/api/admin/setup', {
      token: new URL(url).searchParams.get('token')!,
      password: 'yet another long password',
    });
    expect(reused.status).toBe(400);

    const [entry] = await audits('staff.reset', agentP.id);
    expect(entry).toMatchObject({
      staffId: owner.id,
      role: 'owner',
      before: { email: agentP.email, ready: true },
      after: { email: agentP.email, ready: false, sessionsEnded: 2 },
    });
    // The audit keeps no link, token or hash.
    expect(JSON.stringify(entry)).not.toMatch(/token|hash|setup\?/i);
  });

  it('is refused to every other role (403, nothing changed) and without a session (401)', async () => {
    const target = await enrol('agent');
    const targetSession = await signIn(target);
    for (const role of ['agent', 'accounts', 'catalogue'] as const) {
      const who = await signIn(await enrol(role));
      const res = await admin(t, who, 'POST', `staff/${target.id}/reset`);
      expect(res.status, role).toBe(403);
      expect(res.body.status).toBe('error');
    }
    expect((await admin(t, null, 'POST', `staff/${target.id}/reset`)).status).toBe(401);
    expect((await admin(t, targetSession, 'GET', 'me')).status).toBe(200);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, target.id));
    expect(row!.passwordHash).not.toBeNull();
    expect(await audits('staff.reset', target.id)).toHaveLength(0);
  });

  it('refuses an owner’s own reset, a disabled member’s and an unknown member, in words', async () => {
    const ownerP = await enrol('owner');
    const owner = await signIn(ownerP);
    const self = await admin(t, owner, 'POST', `staff/${ownerP.id}/reset`);
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/cannot reset your own sign-in.*My account/);
    expect((await admin(t, owner, 'GET', 'me')).status).toBe(200);

    const gone = await enrol('agent');
    expect((await admin(t, owner, 'POST', `staff/${gone.id}/disable`)).status).toBe(200);
    const disabled = await admin(t, owner, 'POST', `staff/${gone.id}/reset`);
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toContain('disabled: enable it first');
    expect(await audits('staff.reset', gone.id)).toHaveLength(0);

    const unknown = await admin(t, owner, 'POST', 'staff/999999/reset');
    expect(unknown.status).toBe(404);
  });
});

describe('My account', () => {
  it('changes the password with the right current one, and signs the other sessions out', async () => {
    const p = await enrol('accounts');
    const here = await signIn(p);
    const there = await signIn(p, 'Mozilla/5.0 (Android) Chrome/129');

    const wrong = await admin(t, here, 'POST', 'me/password', {
      currentPassword: 'not my password at all',
      newPassword: 'a better staff password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      status: 'error',
      message: 'Your current password is not right: type it again.',
    });
    const short = await admin(t, here, 'POST', 'me/password', { currentPassword: p.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('at least 12 characters');
    // Refusals changed nothing: the other session still works.
    expect((await admin(t, there, 'GET', 'me')).status).toBe(200);
    expect(await audits('staff.password-refused', p.id)).toHaveLength(1);

    const changed = await admin(t, here, 'POST', 'me/password', {
      currentPassword: p.password,
      newPassword: 'a better staff password',
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data.sessionsEnded).toBe(1);
    expect((await admin(t, here, 'GET', 'me')).status).toBe(200);
    expect((await admin(t, there, 'GET', 'me')).status).toBe(401);
    // The old password no longer signs in; the new one does.
    expect((await post('/api/admin/login', { email: p.email, password: p.password, code: p.recovery[0] })).status).toBe(
      401,
    );
    p.password = 'a better staff password';
    expect((await admin(t, await signIn(p), 'GET', 'me')).status).toBe(200);
    expect(await audits('staff.password', p.id)).toHaveLength(1);
  });

  it('lists the member’s own live sessions with browser, address and times, and signs the others out', async () => {
    const p = await enrol('catalogue');
    const here = await signIn(p, 'Mozilla/5.0 (iPhone) Safari/604.1');
    const there = await signIn(p, 'Mozilla/5.0 (Windows NT 10.0) Firefox/132');
    const someoneElse = await signIn(await enrol('catalogue'));

    const list = await admin(t, here, 'GET', 'me/sessions');
    expect(list.status).toBe(200);
    const items = list.body.data.items as {
      id: number;
      userAgent: string;
      clientAddress: string;
      startedAt: string;
      lastSeenAt: string;
      current: boolean;
    }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.userAgent).sort()).toEqual([
      'Mozilla/5.0 (Windows NT 10.0) Firefox/132',
      'Mozilla/5.0 (iPhone) Safari/604.1',
    ]);
    for (const s of items) {
      expect(s.clientAddress).toMatch(/^10\.88\./);
      expect(Date.parse(s.startedAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
      expect(JSON.stringify(s)).not.toMatch(/token|hash|csrf/i);
    }

    const end = await admin(t, here, 'POST', 'me/sessions/end-others');
    expect(end.status, end.body.message).toBe(200);
    expect(end.body.data.ended).toBe(1);
    expect((await admin(t, there, 'GET', 'me')).status).toBe(401);
    expect((await admin(t, here, 'GET', 'me')).status).toBe(200);
    // Another member's session is not theirs to end.
    expect((await admin(t, someoneElse, 'GET', 'me')).status).toBe(200);
    const after = await admin(t, here, 'GET', 'me/sessions');
    expect(after.body.data.items).toHaveLength(1);
    expect(await audits('staff.sessions-ended', p.id)).toHaveLength(1);
  });

  it('needs a session (401) and, on a change, the CSRF token (403)', async () => {
    const p = await enrol('agent');
    const here = await signIn(p);
    expect((await admin(t, null, 'GET', 'me/sessions')).status).toBe(401);
    expect((await admin(t, null, 'POST', 'me/sessions/end-others')).status).toBe(401);
    expect(
      (
        await admin(t, null, 'POST', 'me/password', {
          currentPassword: p.password,
          newPassword: 'a better staff password',
        })
      ).status,
    ).toBe(401);
    const noCsrf = await admin(t, { ...here, csrf: 'wrong' }, 'POST', 'me/password', {
      currentPassword: p.password,
      newPassword: 'a better staff password',
    });
    expect(noCsrf.status).toBe(403);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, p.id));
    expect(await audits('staff.password', p.id)).toHaveLength(0);
    expect(row!.passwordHash).not.toBeNull();
  });
});
