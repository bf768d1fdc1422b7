import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, sessions, tempBookings, users } from '../../server/db/schema.ts';
import { encryptLoginToken, loginStamp } from '../../server/services/login-token.ts';
import { createSession, hashToken } from '../../server/services/sessions.ts';
import { SAMPLES, sampleContext, type SampleContext } from '../support/call-samples.ts';
import { contractCalls, type NamedCall } from '../support/contract-calls.ts';
import { call, createAccountKit, freshIp, signUp, type AccountKit } from '../support/account-kit.ts';

// Tokens and sessions: on every call that takes a login token (a Token, Tokan or token parameter,
// or a userId that needs its owner's bearer token), a tampered, truncated, expired, signed-out or
// forged token is refused with "Token expired. please log in again", sent as a header or as the
// parameter, and changes nothing. Calls added to the contract later are included by their parameters.

const TOKEN_EXPIRED = 'Token expired. please log in again';
/** The one-use tokens of sign-up and reset are not login tokens: tested on their own below. */
const VERIFICATION_TOKEN_CALLS = new Set(['SavePassword', 'CreateNewPassword']);

let kit: AccountKit;
let ctx: SampleContext;
let tokenCalls: NamedCall[];
let bad: Record<string, string>;

/** As the app sends a call: GET with a query string, POST with a JSON body. */
async function send(c: NamedCall, params: Record<string, unknown>, token?: string) {
  const headers = { country: 'UAE', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const url = `/api/Common/${c.call.path}`;
  const res =
    c.call.method === 'GET'
      ? await kit.app.inject({
          method: 'GET',
          url: `${url}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
          headers,
          remoteAddress: freshIp(),
        })
      : await kit.app.inject({ method: 'POST', url, payload: params, headers, remoteAddress: freshIp() });
  return { status: res.statusCode, body: res.json() as { status: string; message: string; data: unknown } };
}

const shape = (c: NamedCall) =>
  Object.keys((c.call.params as unknown as { shape?: Record<string, unknown> }).shape ?? {});
const tokenParam = (c: NamedCall) => shape(c).find((k) => /^(token|tokan)$/i.test(k));

async function stateOf(userId: number) {
  const db = kit.database.db;
  return JSON.stringify({
    user: await db.select().from(users).where(eq(users.id, userId)),
    lines: await db
      .select()
      .from(cartItems)
      .where(inArray(cartItems.owner, [`user:${userId}`]))
      .orderBy(cartItems.id),
    holds: await db
      .select()
      .from(tempBookings)
      .where(eq(tempBookings.owner, `user:${userId}`))
      .orderBy(tempBookings.id),
    sessions: (
      await db
        .select({ h: sessions.tokenHash, r: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
    ).length,
  });
}

beforeAll(async () => {
  kit = await createAccountKit();
  const me = await signUp(kit, 'tokens@example.com', 'tokens pass 1');
  ctx = await sampleContext(kit.app, me);
  await call(
    kit.app,
    'POST',
    'CreateCart',
    { packageId: ctx.packageId, travelDate: ctx.travelDate, adults: 2 },
    { token: me.token },
  );
  tokenCalls = (await contractCalls()).filter(
    (c) => !VERIFICATION_TOKEN_CALLS.has(c.call.path) && (tokenParam(c) || shape(c).includes('userId')),
  );

  const token = me.token;
  // Tampered: one character of the ciphertext changed. Truncated: the end cut off.
  const i = Math.floor(token.length / 2);
  const tampered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
  // Expired: a real session whose time is up.
  const expired = (
    await createSession(
      kit.database.db,
      kit.app.config,
      { id: me.userId, email: 'tokens@example.com', name: 'T' },
      new Date(Date.now() - 40 * 86_400_000),
    )
  ).token;
  // Signed out through /api/auth/signout.
  const signedOut = (
    await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'tokens@example.com', Password: 'tokens pass 1' },
      { ip: freshIp() },
    )
  ).body.data.tokan as string;
  const csrf = await kit.app.inject({ method: 'GET', url: '/api/auth/csrf' });
  const out = await kit.app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: { cookie: String(csrf.headers['set-cookie']).split(';')[0]!, authorization: `Bearer ${signedOut}` },
    payload: { csrfToken: csrf.json().csrfToken },
  });
  expect(out.statusCode).toBe(200);
  // Forged: the right format under the (public) cipher key, for the right user, but never issued.
  const forged = encryptLoginToken(
    { userId: me.userId, email: 'tokens@example.com', loginDate: loginStamp(new Date()), name: 'T' },
    kit.app.config.TOKEN_KEY,
  );
  bad = {
    tampered,
    truncated: token.slice(0, -10),
    expired,
    'signed out': signedOut,
    forged,
    'of nobody': 'not-a-token-at-all',
  };
  const rows = await kit.database.db
    .select({ h: sessions.tokenHash })
    .from(sessions)
    .where(inArray(sessions.tokenHash, Object.values(bad).map(hashToken)));
  expect(rows).toHaveLength(2); // expired and signed out have rows; the others never had one
}, 60_000);
afterAll(() => kit.close());

describe('login tokens we do not honour', () => {
  it('are refused on every call that takes one, as a header and as the parameter, changing nothing', async () => {
    expect(tokenCalls.map((c) => c.call.path)).toEqual(
      expect.arrayContaining([
        'CreateCart',
        'GetCart',
        'RemoveCart',
        'MergeGuestCart',
        'CreateTempBooking',
        'GetTempBooking',
        'ChangePassword',
        'UpdateProfile',
        'GetProfileDetail',
        'UpdateProfileImage',
        'GetUserPersonalDetails',
        'PostOrUpdateUserPersonalDetails',
        'GetApplicableCoupons',
        'Coupon/GetCouponList',
      ]),
    );
    const before = await stateOf(ctx.userId);
    let tried = 0;
    for (const c of tokenCalls) {
      const param = tokenParam(c);
      const { [param ?? '']: _own, ...sample } = SAMPLES[c.call.path]?.(ctx) ?? {};
      for (const [kind, token] of Object.entries(bad)) {
        const ways = [
          { params: sample, opts: { token } },
          ...(param ? [{ params: { ...sample, [param]: token }, opts: {} }] : []),
        ];
        for (const { params, opts } of ways) {
          const res = await send(c, params, (opts as { token?: string }).token);
          const label = `${c.name} with a ${kind} token ${'token' in opts ? 'in the header' : `as ${param}`}: ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, label).toBe(401);
          expect(res.body, label).toEqual({ status: 'error', message: TOKEN_EXPIRED, data: null });
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(await stateOf(ctx.userId)).toBe(before);
  });

  it('the live token still works afterwards', async () => {
    const profile = await call(kit.app, 'GET', 'GetProfileDetail', {}, { token: ctx.token });
    expect(profile.status).toBe(200);
  });
});

describe('one-use verification tokens (sign-up and reset)', () => {
  it('a tampered, truncated, used or unknown token is refused, and the password stays', async () => {
    const ip = freshIp();
    const since = kit.mail.mails.length;
    await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'tokens@example.com' }, { ip });
    const code = kit.mail.codeOf(await kit.mail.waitFor('tokens@example.com', { since }));
    const token = (
      await call(kit.app, 'GET', 'VerifyForgetPasseordOTP', { OTP: code, EmailIdOrPhone: 'tokens@example.com' }, { ip })
    ).body.data.token as string;
    const change = (Token: string) =>
      call(kit.app, 'POST', 'CreateNewPassword', {
        Token,
        NewPassword: 'new tokens pass 1',
        ConfirmNewPassword: 'new tokens pass 1',
      });
    for (const wrong of [token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), token.slice(0, 20), 'x'.repeat(43)]) {
      expect((await change(wrong)).body).toEqual({
        status: 'error',
        message: 'Your code has expired. Please start again.',
        data: null,
      });
    }
    expect((await change(token)).status).toBe(200);
    expect((await change(token)).body.message).toBe('Your code has expired. Please start again.');
  });
});
