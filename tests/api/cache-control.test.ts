import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls, type NamedCall } from '../support/contract-calls.ts';
import { call, createAccountKit, freshIp, signUp, type AccountKit } from '../support/account-kit.ts';

// Personal answers are never stored by a browser or a cache in between: Cache-Control: no-store on
// every call the contract does not declare shared, and on everything under /api/auth.

let kit: AccountKit;
let calls: NamedCall[];
let token: string;
let userId: number;
let packageId: number;
const guest = 'guest-cache-0001';
const travelDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await createAccountKit();
  calls = await contractCalls();
  ({ token, userId } = await signUp(kit, 'private@example.com', 'private pass 1'));
  packageId = (await call(kit.app, 'GET', 'Holiday/GetFeaturedPackages', { limit: 1 })).body.data.packages[0]!.id;
});
afterAll(() => kit.close());

describe('personal answers carry Cache-Control: no-store', () => {
  it('profile, personal details, cart and temporary booking, for a guest and a traveller', async () => {
    const answers = [
      await call(kit.app, 'GET', 'GetProfileDetail', {}, { token }),
      await call(kit.app, 'GET', 'GetUserPersonalDetails', { userId }, { token }),
      await call(kit.app, 'POST', 'PostOrUpdateUserPersonalDetails', { nationality: 'Indian' }, { token }),
      await call(kit.app, 'POST', 'CreateCart', { packageId, travelDate, adults: 2, tempUserId: guest }),
      await call(kit.app, 'POST', 'GetCart', { tempUserId: guest }),
      await call(kit.app, 'POST', 'GetCart', {}, { token }),
      await call(kit.app, 'POST', 'CreateTempBooking', { tempUserId: guest }),
      await call(kit.app, 'POST', 'GetTempBooking', { tempUserId: guest }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.headers['cache-control']).toBe('no-store');
    }
  });

  it('the one-use tokens of ValidateOTP and VerifyForgetPasseordOTP, and the login token', async () => {
    const ip = freshIp();
    const since = kit.mail.mails.length;
    await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'private@example.com' }, { ip });
    const code = kit.mail.codeOf(await kit.mail.waitFor('private@example.com', { since }));
    const verified = await call(
      kit.app,
      'GET',
      'VerifyForgetPasseordOTP',
      { OTP: code, EmailIdOrPhone: 'private@example.com' },
      { ip },
    );
    expect(verified.body.data.token).toBeTruthy();
    expect(verified.headers['cache-control']).toBe('no-store');

    const since2 = kit.mail.mails.length;
    await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'second@example.com' }, { ip });
    const code2 = kit.mail.codeOf(await kit.mail.waitFor('second@example.com', { since: since2 }));
    const validated = await call(
      kit.app,
      'GET',
      'ValidateOTP',
      { OTP: code2, EmailIdOrPhone: 'second@example.com' },
      { ip },
    );
    expect(validated.body.data.token).toBeTruthy();
    expect(validated.headers['cache-control']).toBe('no-store');

    const login = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'private@example.com', Password: 'private pass 1' },
      { ip },
    );
    expect(login.body.data.tokan).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('every answer of /api/auth', async () => {
    const csrf = await kit.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = String(csrf.headers['set-cookie']).split(';')[0]!;
    const answers = [
      csrf,
      await kit.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } }),
      await kit.app.inject({
        method: 'POST',
        url: '/api/auth/signin/credentials',
        headers: { cookie },
        payload: { csrfToken: csrf.json().csrfToken, EmailorPhone: 'private@example.com', Password: 'private pass 1' },
      }),
      await kit.app.inject({ method: 'GET', url: '/api/auth/providers' }),
      await kit.app.inject({ method: 'GET', url: '/api/auth/nothing-here' }),
    ];
    for (const a of answers) expect(a.headers['cache-control'], a.body).toBe('no-store');
    expect(answers[2]!.json().token).toBeTruthy();
  });

  it('every call the contract does not declare shared, error answers of shared calls included', async () => {
    const personal = calls.filter((c) => !c.call.shared);
    expect(personal.length).toBeGreaterThan(15);
    for (const { call: c, name } of personal) {
      const res = await kit.app.inject({
        method: c.method,
        url: `/api/Common/${c.path}`,
        headers: { country: 'UAE' },
        remoteAddress: freshIp(),
      });
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    for (const { call: c, name } of calls.filter((x) => x.call.shared)) {
      const res = await kit.app.inject({
        method: c.method,
        url: `/api/Common/${c.path}?pageIndex=0`,
        headers: { country: 'UAE' },
      });
      if (res.statusCode !== 200) expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });
});
