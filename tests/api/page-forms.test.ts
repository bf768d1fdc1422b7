import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountKit, signUp, type AccountKit } from '../support/account-kit.ts';

/*
 * Forms tapped before the app has loaded (decision 0102): they post to their own page. The log-in
 * page's post signs in without the app (the spec's session cookies from the server) and goes on;
 * a wrong password goes back to the log-in page saying so; any other page's post goes back to it
 * with formNotSent; nothing typed ever lands in an address.
 */

let kit: AccountKit;
const PASSWORD = 'Correct horse 9';

beforeAll(async () => {
  kit = await createAccountKit();
}, 120_000);
afterAll(async () => {
  await kit?.close();
});

const postForm = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: 'http://localhost' },
) =>
  kit.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', ...headers },
  });

describe('the log-in form posted before the app loaded', () => {
  it('signs in: the spec’s session cookies, then on to the callback, with no secret in any address', async () => {
    const email = 'prehydrated@example.com';
    await signUp(kit, email, PASSWORD);
    const res = await postForm('/login?callbackUrl=%2Ftrips', { username: email, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/trips');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const names = cookies.map((c) => c.split('=')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        'NHauth_token',
        'user_id',
        'user_email',
        'login_date',
        'login_date_pretty',
        'user_name',
        'login_count',
      ]),
    );
    for (const c of cookies) expect(c).toMatch(/Path=\/; Expires=.*; SameSite=Lax/);
    expect(res.headers.location).not.toContain(PASSWORD);
    // The token works as the app's own sign-in does.
    const token = decodeURIComponent(
      cookies
        .find((c) => c.startsWith('NHauth_token='))!
        .split(';')[0]!
        .slice('NHauth_token='.length),
    );
    const session = await kit.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `NHauth_token=${encodeURIComponent(token)}` },
    });
    expect(session.json().user.email).toBe(email);
  });

  it('a wrong password goes back to the log-in page with the error, on the India site under /in; a callback elsewhere is not followed', async () => {
    const email = 'prehydrated-in@example.com';
    await signUp(kit, email, PASSWORD);
    const wrong = await postForm('/in/login?callbackUrl=%2F%2Fevil.example', {
      username: email,
      password: 'not it at all',
    });
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe(
      `/in/login?error=CredentialsSignin&callbackUrl=${encodeURIComponent('/in/account')}`,
    );
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers.location).not.toContain('not it at all');
  });

  it('refuses a post from another site (no session made), sending it back to the page', async () => {
    const email = 'prehydrated-x@example.com';
    await signUp(kit, email, PASSWORD);
    const res = await postForm('/login', { username: email, password: PASSWORD }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?formNotSent=1');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('any other page’s form posted before the app loaded', () => {
  it('goes back to its page with formNotSent (the page says to try again), never carrying the fields', async () => {
    const res = await postForm('/signup?step=code', { identifier: 'someone@example.com', code: '123456' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/signup?step=code&formNotSent=1');
    const contact = await postForm('/in/contact', { message: 'hello' });
    expect(contact.headers.location).toBe('/in/contact?formNotSent=1');
  });

  it('an unknown API address still answers the API’s 404 envelope, not a redirect', async () => {
    const res = await kit.app.inject({ method: 'POST', url: '/api/Common/NoSuchCall', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });
});
