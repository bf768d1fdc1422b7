import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decryptLoginToken } from '../../server/services/login-token.ts';
import { HASH_LANES, verifyPassword } from '../../server/services/passwords.ts';
import { call, createAccountKit, signUp, type AccountKit } from '../support/account-kit.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let kit: AccountKit;
let plain: AccountKit;
let jwks: Server;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

/** A Google-like key set served by the test itself. */
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
  kit = await createAccountKit({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: url });
  plain = await createAccountKit();
});
afterAll(async () => {
  await kit.close();
  await plain.close();
  await new Promise((resolve) => jwks.close(resolve));
});

function idToken(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; audience?: string; issuer?: string; expires?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? CLIENT_ID)
    .setSubject(String(claims.sub ?? 'google-sub-1'))
    .setIssuedAt()
    .setExpirationTime(opts.expires ?? '10m')
    .sign(opts.key ?? privateKey);
}

describe('LoginWithGoogle', () => {
  it('says Google sign-in is not configured without GOOGLE_CLIENT_ID', async () => {
    const res = await call(plain.app, 'POST', 'LoginWithGoogle', {
      credential: await idToken({ email: 'a@gmail.com' }),
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Google sign-in is not configured.');
  });

  it('signs in with a verified ID token, taking email and name from the token only', async () => {
    const credential = await idToken({ sub: 'g-100', email: 'Nisha@Gmail.com', name: 'Nisha Verma' });
    const res = await call(kit.app, 'POST', 'LoginWithGoogle', {
      credential,
      Email: 'attacker@example.com',
      Name: 'Mallory',
    });
    expect(res.status).toBe(200);
    const parts = decryptLoginToken(res.body.data.token, kit.app.config.TOKEN_KEY)!;
    expect(parts).toMatchObject({ email: 'nisha@gmail.com', name: 'Nisha Verma' });
    const profile = await call(kit.app, 'GET', 'GetProfileDetail', { token: res.body.data.token });
    expect(profile.body.data).toMatchObject({ email: 'nisha@gmail.com', google: true, hasPassword: false });
    // The same Google account signs in to the same user.
    const again = await call(kit.app, 'POST', 'LoginWithGoogle', {
      credential: await idToken({ sub: 'g-100', email: 'nisha@gmail.com', name: 'Nisha Verma' }),
    });
    expect(decryptLoginToken(again.body.data.token, kit.app.config.TOKEN_KEY)!.userId).toBe(parts.userId);
  });

  it('joins the existing account with the same email', async () => {
    const { userId } = await signUp(kit, 'joined@gmail.com');
    const res = await call(kit.app, 'POST', 'LoginWithGoogle', {
      credential: await idToken({ sub: 'g-200', email: 'joined@gmail.com', name: 'J' }),
    });
    expect(decryptLoginToken(res.body.data.token, kit.app.config.TOKEN_KEY)!.userId).toBe(userId);
  });

  it('refuses a token for another audience, from another issuer, signed by another key, expired or with an unverified email', async () => {
    const bad = [
      await idToken({ email: 'x@gmail.com' }, { audience: 'someone-else' }),
      await idToken({ email: 'x@gmail.com' }, { issuer: 'https://evil.example.com' }),
      await idToken({ email: 'x@gmail.com' }, { key: strangerKey }),
      await idToken({ email: 'x@gmail.com' }, { expires: '-5m' }),
      await idToken({ email: 'x@gmail.com', email_verified: false }),
      'not-a-jwt-but-long-enough-to-pass-the-schema',
    ];
    for (const credential of bad) {
      const res = await call(kit.app, 'POST', 'LoginWithGoogle', { credential });
      expect(res.status, credential.slice(0, 30)).toBe(401);
      expect(res.body.message).toBe('We could not verify your Google sign-in. Please try again.');
    }
  });
});

async function csrf(app: AccountKit['app']) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  return { token: res.json().csrfToken as string, cookie: String(res.headers['set-cookie']).split(';')[0]! };
}

describe('/api/auth, shaped like the Auth.js REST API', () => {
  it('session: {} for a visitor; the user and expiry for a live token, by cookie or bearer', async () => {
    const none = await kit.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.json()).toEqual({});
    expect(none.headers['cache-control']).toBe('no-store');
    const { token, userId } = await signUp(kit, 'session@example.com');
    for (const headers of [
      { cookie: `NHauth_token=${encodeURIComponent(token)}` },
      { authorization: `Bearer ${token}` },
    ]) {
      const res = await kit.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(res.json()).toMatchObject({
        user: { id: String(userId), email: 'session@example.com' },
        expires: expect.any(String),
      });
    }
    const altered = token.slice(0, -4) + 'AAAA';
    expect(
      (
        await kit.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { authorization: `Bearer ${altered}` },
        })
      ).json(),
    ).toEqual({});
  });

  it('providers: credentials, and google only when configured', async () => {
    expect(Object.keys((await kit.app.inject({ method: 'GET', url: '/api/auth/providers' })).json())).toEqual([
      'credentials',
      'google',
    ]);
    expect(Object.keys((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json())).toEqual([
      'credentials',
    ]);
  });

  it('csrf: a token with a signed, HttpOnly double-submit cookie', async () => {
    const res = await kit.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(res.json().csrfToken).toMatch(/^[\w-]{40,}$/);
    expect(String(res.headers['set-cookie'])).toMatch(
      /^authjs\.csrf-token=.+; Path=\/api\/auth; SameSite=Lax; HttpOnly/,
    );
  });

  it('signin: refuses a missing or wrong csrf token', async () => {
    const c = await csrf(kit.app);
    const missing = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/signin/credentials',
      payload: { EmailorPhone: 'session@example.com', Password: 'correct horse 1' },
    });
    expect(missing.statusCode).toBe(403);
    const wrong = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/signin/credentials',
      headers: { cookie: c.cookie },
      payload: { csrfToken: 'x' + c.token, EmailorPhone: 'session@example.com', Password: 'correct horse 1' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('signin: credentials with csrf and callbackUrl answer the url and a login token', async () => {
    const c = await csrf(kit.app);
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/signin/credentials',
      headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrfToken: c.token,
        callbackUrl: '/in/account',
        EmailorPhone: 'session@example.com',
        Password: 'correct horse 1',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: '/in/account', token: expect.any(String) });
    const session = await kit.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(session.json().user.email).toBe('session@example.com');
  });

  it('signin: the error codes of the spec', async () => {
    const c = await csrf(kit.app);
    const post = (path: string, payload: object) =>
      kit.app.inject({
        method: 'POST',
        url: `/api/auth/${path}`,
        headers: { cookie: c.cookie },
        payload: { csrfToken: c.token, ...payload },
      });
    const offsite = await post('signin/credentials', {
      callbackUrl: 'https://evil.example.com/',
      EmailorPhone: 'session@example.com',
      Password: 'correct horse 1',
    });
    expect(offsite.statusCode).toBe(400);
    expect(offsite.json().error).toBe('INVALID_CALLBACK_URL_ERROR');
    expect((await post('signin/credentials', { callbackUrl: '//evil.example.com' })).json().error).toBe(
      'INVALID_CALLBACK_URL_ERROR',
    );
    const noCredentials = await post('signin/credentials', { callbackUrl: '/' });
    expect(noCredentials.json().error).toBe('CALLBACK_CREDENTIALS_HANDLER_ERROR');
    const badPassword = await post('signin/credentials', {
      callbackUrl: '/',
      EmailorPhone: 'session@example.com',
      Password: 'wrong wrong',
    });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).toMatchObject({
      error: 'CredentialsSignin',
      url: '/login?callbackUrl=%2F&error=CredentialsSignin',
    });
    const unknown = await post('signin/github', { callbackUrl: '/account' });
    expect(unknown.json()).toEqual({ url: '/login?callbackUrl=%2Faccount&error=OAuthSignin' });
    const missing = await kit.app.inject({ method: 'GET', url: '/api/auth/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('MISSING_NEXTAUTH_API_ROUTE_ERROR');
  });

  it('signin: google with a verified credential', async () => {
    const c = await csrf(kit.app);
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/signin/google',
      headers: { cookie: c.cookie },
      payload: {
        csrfToken: c.token,
        callbackUrl: '/',
        credential: await idToken({ sub: 'g-300', email: 'viaauth@gmail.com', name: 'Via Auth' }),
      },
    });
    expect(res.json()).toMatchObject({ url: '/', token: expect.any(String) });
  });

  it('_log: takes a client report', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      payload: { level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'offline' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });
});

describe('a sign-in the hashing queue cannot take (decision 0092)', () => {
  it('answers 503 with Retry-After and costs no attempt: the traveller is not locked out for it', async () => {
    const email = `busy.${Date.now()}@example.com`;
    await signUp(kit, email);
    const attempts = async () =>
      Number(
        (
          await kit.database.db.execute<{ n: number }>(
            sql`select coalesce(sum(count), 0)::int as n from rate_limits where key like 'login-fail:%'`,
          )
        ).rows[0]!.n,
      );
    const before = await attempts();
    // The process's hashing lanes and queue filled, as by a burst of sign-ins.
    const burst = Array.from({ length: HASH_LANES + 64 }, () => verifyPassword('a password', 'not a stored hash'));
    const refused = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: email, Password: 'correct horse 1' },
      { ip: '10.9.8.7' },
    );
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toMatchObject({
      status: 'error',
      message: 'Many people are signing in right now: please try again in a few seconds.',
    });
    await Promise.all(burst);
    // Neither the account's nor the address's attempts were spent.
    expect(await attempts()).toBe(before);
    const again = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: email, Password: 'correct horse 1' },
      { ip: '10.9.8.7' },
    );
    expect(again.status).toBe(200);
  }, 60_000);
});
