import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, sessions, states } from '../../server/db/schema.ts';
import { decryptLoginToken, encryptLoginToken, loginStamp } from '../../server/services/login-token.ts';
import { createSession, hashToken } from '../../server/services/sessions.ts';
import { call, createAccountKit, freshIp, signUp, type AccountKit } from '../support/account-kit.ts';

const TOKEN_EXPIRED = 'Token expired. please log in again';
let kit: AccountKit;

beforeAll(async () => {
  kit = await createAccountKit();
});
afterAll(() => kit.close());

describe('sign-up by email, with the code read from a real SMTP server', () => {
  const email = 'Asha.Rao@Example.com';

  it('sends a 6-digit code from SMTP_FROM, validates it once and creates the account', async () => {
    const since = kit.mail.mails.length;
    const sent = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'success',
      data: { sentTo: 'asha.rao@example.com', channel: 'email', resendAfterSeconds: 60 },
    });
    const mail = await kit.mail.waitFor('asha.rao@example.com', { since });
    expect(mail.from).toBe('codes@wanderlust.test');
    const code = kit.mail.codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.raw).toContain(code);

    const wrong = await call(kit.app, 'GET', 'ValidateOTP', {
      OTP: code === '000000' ? '111111' : '000000',
      EmailIdOrPhone: email,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ status: 'error', message: 'OTP is Expired or OTP is not correct', data: null });

    const ok = await call(kit.app, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email });
    expect(ok.body.status).toBe('success');
    expect(ok.body.message).toBe('OTP is Validated.');
    const token = ok.body.data.token as string;
    expect(token.length).toBeGreaterThan(30);

    // Single use: the same code again fails.
    const again = await call(kit.app, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email });
    expect(again.body.message).toBe('OTP is Expired or OTP is not correct');

    const short = await call(kit.app, 'GET', 'SavePassword', {
      Token: token,
      Password: 'short',
      ConfirmPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 8 characters/);

    const mismatch = await call(kit.app, 'GET', 'SavePassword', {
      Token: token,
      Password: 'long enough 1',
      ConfirmPassword: 'long enough 2',
    });
    expect(mismatch.body).toMatchObject({ status: 'error', message: 'Confirm Password & New Password not matched!' });

    const saved = await call(kit.app, 'GET', 'SavePassword', {
      Token: token,
      Password: 'long enough 1',
      ConfirmPassword: 'long enough 1',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'success', data: { userId: expect.any(Number) } });

    const reuse = await call(kit.app, 'GET', 'SavePassword', {
      Token: token,
      Password: 'long enough 1',
      ConfirmPassword: 'long enough 1',
    });
    expect(reuse.status).toBe(400);
  });

  it('refuses to sign up an address that already has an account', async () => {
    const res = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'asha.rao@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already registered/);
  });

  it('refuses something that is neither an email nor an international phone number', async () => {
    const res = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: '98765' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/email address, or your mobile number with its country code/);
  });

  it('refuses an address mail cannot reach, as every enquiry form does (one rule)', async () => {
    const since = kit.mail.mails.length;
    const res = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'someone@example.test' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/Enter your email address, or your mobile number/),
    });
    const enquiry = await call(kit.app, 'POST', 'SubmitContactUs', {
      FirstName: 'Someone',
      Email: 'someone@example.test',
      PhoneNumber: '+971501234567',
      EnquiryType: 'Feedback',
      Message: 'Hello',
    });
    expect(enquiry.status).toBe(400);
    expect(enquiry.body.message).toBe('Please enter a valid email address.');
    expect(kit.mail.mails.length).toBe(since);
  });
});

describe('sign-up by phone', () => {
  it('sends the code through the SMS provider and creates a phone account that can log in', async () => {
    const phone = '+971 50 123 4567';
    const sent = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: phone });
    expect(sent.body.data).toMatchObject({ sentTo: '+971501234567', channel: 'phone' });
    const sms = kit.sms.messages.filter((m) => m.to === '+971501234567').at(-1)!;
    expect(sms.from).toBe('Wanderlust');
    const code = sms.body.match(/\d{6}/)![0];
    const verified = await call(kit.app, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: '+971501234567' });
    expect(verified.body.message).toBe('OTP is Validated.');
    await call(kit.app, 'GET', 'SavePassword', {
      Token: verified.body.data.token,
      Password: 'phone pass 1',
      ConfirmPassword: 'phone pass 1',
    });
    const login = await call(kit.app, 'POST', 'Login', { EmailorPhone: '+971-50-123-4567', Password: 'phone pass 1' });
    expect(login.status).toBe(200);
    expect(decryptLoginToken(login.body.data.tokan, kit.app.config.TOKEN_KEY)).toMatchObject({ email: '' });
  });
});

describe('phone numbers and the SMS provider', () => {
  it('a number the provider refuses gets a message to act on, and may be asked for again at once', async () => {
    kit.sms.refuse('+97142345678');
    const refused = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: '+97142345678' }, { ip: freshIp() });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: 'error',
      message: 'We could not send a text message to +97142345678. Check the number, or use your email address instead.',
      data: null,
    });

    kit.sms.failNext(503);
    const down = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: '+971509876543' }, { ip: freshIp() });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(
      'We cannot send text messages right now. Please try again later, or use your email address instead.',
    );
    // The code that never left was taken back: no 60-second wait before the next try.
    const again = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: '+971509876543' }, { ip: freshIp() });
    expect(again.status).toBe(200);
    expect(kit.sms.messages.at(-1)).toMatchObject({
      to: '+971509876543',
      body: expect.stringMatching(/^\d{6} is your sign-up code for Wanderlust Holidays/),
    });
  });

  for (const [what, config] of [
    [
      'no SMS provider is configured',
      { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: undefined },
    ],
    ['PHONE_SIGN_IN=off', { PHONE_SIGN_IN: 'off' as const }],
  ] as const) {
    it(`with ${what}, sign-up and reset refuse a phone number at the first step and ask for an email address`, async () => {
      const bare = await createAccountKit(config);
      try {
        for (const path of ['ValidateSignUp', 'SendForgetPasswordOTP']) {
          const res = await call(bare.app, 'GET', path, { EmailIdOrPhone: '+971501112233' });
          expect(res.status).toBe(400);
          expect(res.body).toEqual({
            status: 'error',
            message: 'We cannot send codes to mobile numbers. Please use your email address instead.',
            data: null,
          });
        }
        expect(bare.sms.messages).toEqual([]);
        // Email addresses work as before.
        expect((await call(bare.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'ravi.iyer@gmail.com' })).status).toBe(
          200,
        );
      } finally {
        await bare.close();
      }
    });
  }
});

describe('login', () => {
  it('answers data.tokan: the spec token over userId||email||yyyymmddhhmm||urlEncodedName', async () => {
    const { userId } = await signUp(kit, 'meera@example.com', 'meera pass 1');
    const res = await call(kit.app, 'POST', 'Login', { EmailorPhone: 'MEERA@example.com', Password: 'meera pass 1' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const parts = decryptLoginToken(res.body.data.tokan, kit.app.config.TOKEN_KEY)!;
    expect(parts).toMatchObject({ userId, email: 'meera@example.com', name: '' });
    expect(parts.loginDate).toMatch(/^\d{12}$/);
    expect(new Date(res.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('accepts the parameters as a JSON body too', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/Common/Login',
      payload: { EmailorPhone: 'meera@example.com', Password: 'meera pass 1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const ip = freshIp();
    const wrong = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'meera@example.com', Password: 'nope nope' },
      { ip },
    );
    const unknown = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'nobody@example.com', Password: 'nope nope' },
      { ip },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 'error', message: 'Invalid email/mobile or password.', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('slows guessing on an account with growing waits, without locking its owner out for long', async () => {
    await signUp(kit, 'target@example.com', 'target pass 1');
    for (let i = 0; i < 5; i++) {
      const res = await call(
        kit.app,
        'POST',
        'Login',
        { EmailorPhone: 'target@example.com', Password: `guess ${i}` },
        { ip: freshIp() },
      );
      expect(res.status).toBe(401);
    }
    // A sixth try at once, from anywhere, waits: seconds, not the 15 minutes of a lock.
    const waiting = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'target@example.com', Password: 'target pass 1' },
      { ip: freshIp() },
    );
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe('Too many failed attempts. Please try again in 1 second or reset your password.');
    expect(waiting.headers['retry-after']).toBe('1');
    // The owner, a moment later, is in.
    await new Promise((r) => setTimeout(r, 1100));
    const owner = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'target@example.com', Password: 'target pass 1' },
      { ip: freshIp() },
    );
    expect(owner.status).toBe(200);
  });

  it('counts each attempt before comparing: 100 wrong passwords at once get 5 comparisons', async () => {
    await signUp(kit, 'parallel@example.com', 'parallel pass 1');
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(kit.app, 'POST', 'Login', { EmailorPhone: 'parallel@example.com', Password: `guess number ${i}` }, { ip }),
      ),
    );
    const compared = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(compared + refused).toBe(100);
    // 5 free tries; a sixth only if a second passed while the 100 were being answered.
    expect(compared).toBeGreaterThanOrEqual(5);
    expect(compared).toBeLessThanOrEqual(6);
  });

  it('limits failed logins per address across accounts', async () => {
    await signUp(kit, 'other@example.com', 'other pass 1');
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await call(
        kit.app,
        'POST',
        'Login',
        { EmailorPhone: `someone${i}@example.com`, Password: 'guess guess' },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const blocked = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'other@example.com', Password: 'other pass 1' },
      { ip },
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await call(
      kit.app,
      'POST',
      'Login',
      { EmailorPhone: 'other@example.com', Password: 'other pass 1' },
      { ip: freshIp() },
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('forgotten password', () => {
  it('says Email/Mobile Id not found. for an unknown identifier, at both steps', async () => {
    const send = await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'ghost@example.com' });
    expect(send.body).toEqual({ status: 'error', message: 'Email/Mobile Id not found.', data: null });
    const verify = await call(kit.app, 'GET', 'VerifyForgetPasseordOTP', {
      OTP: '123456',
      EmailIdOrPhone: 'ghost@example.com',
    });
    expect(verify.body).toMatchObject({ status: 'error', message: 'Email/Mobile Id not found.' });
  });

  it('sends a code, verifies it, creates the new password and ends every earlier session', async () => {
    const { token: before } = await signUp(kit, 'reset@example.com', 'first pass 1');
    const since = kit.mail.mails.length;
    const sent = await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'reset@example.com' });
    expect(sent.body.status).toBe('success');
    const code = kit.mail.codeOf(await kit.mail.waitFor('reset@example.com', { since }));

    // A reset code is bound to its purpose: it does not validate a sign-up.
    const crossed = await call(kit.app, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: 'reset@example.com' });
    expect(crossed.body.message).toBe('OTP is Expired or OTP is not correct');

    const wrong = await call(kit.app, 'GET', 'VerifyForgetPasseordOTP', {
      OTP: code === '999999' ? '000000' : '999999',
      EmailIdOrPhone: 'reset@example.com',
    });
    expect(wrong.body).toMatchObject({ status: 'error', message: 'OTP is Expired or OTP is not correct' });
    const verified = await call(kit.app, 'GET', 'VerifyForgetPasseordOTP', {
      OTP: code,
      EmailIdOrPhone: 'reset@example.com',
    });
    expect(verified.body).toMatchObject({
      status: 'success',
      message: 'OTP verify successfully.',
      data: { token: expect.any(String) },
    });

    const mismatch = await call(kit.app, 'POST', 'CreateNewPassword', {
      Token: verified.body.data.token,
      NewPassword: 'second pass 1',
      ConfirmNewPassword: 'second pass 2',
    });
    expect(mismatch.body).toEqual({
      status: 'error',
      message: 'Confirm Password & New Password not matched!',
      data: null,
    });
    const done = await call(kit.app, 'POST', 'CreateNewPassword', {
      Token: verified.body.data.token,
      NewPassword: 'second pass 1',
      ConfirmNewPassword: 'second pass 1',
    });
    expect(done.body.status).toBe('success');

    const old = await call(kit.app, 'GET', 'GetProfileDetail', {}, { token: before });
    expect(old.body.message).toBe(TOKEN_EXPIRED);
    expect(
      (await call(kit.app, 'POST', 'Login', { EmailorPhone: 'reset@example.com', Password: 'first pass 1' })).status,
    ).toBe(401);
    expect(
      (await call(kit.app, 'POST', 'Login', { EmailorPhone: 'reset@example.com', Password: 'second pass 1' })).status,
    ).toBe(200);
  });

  it('refuses a second code within 60 seconds', async () => {
    await signUp(kit, 'hasty@example.com');
    expect((await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'hasty@example.com' })).status).toBe(
      200,
    );
    const again = await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: 'hasty@example.com' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Please wait \d+ seconds before asking for a new code\./);
  });
});

describe('every code call is behind the per-address limits', () => {
  it('VerifyForgetPasseordOTP: "not found" is an answer, so it is limited like the rest (31st from one address: 429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await call(
        kit.app,
        'GET',
        'VerifyForgetPasseordOTP',
        { OTP: '123456', EmailIdOrPhone: `probe${i}@example.com` },
        { ip },
      );
      expect(res.body).toMatchObject({ status: 'error', message: 'Email/Mobile Id not found.' });
    }
    const limited = await call(
      kit.app,
      'GET',
      'VerifyForgetPasseordOTP',
      { OTP: '123456', EmailIdOrPhone: 'probe99@example.com' },
      { ip },
    );
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many codes were tried from your network. Please try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // ValidateOTP (sign-up) shares the count.
    expect(
      (await call(kit.app, 'GET', 'ValidateOTP', { OTP: '123456', EmailIdOrPhone: 'new@example.com' }, { ip })).status,
    ).toBe(429);
  });

  it('SendForgetPasswordOTP and ValidateSignUp are limited before the account is looked up', async () => {
    const ip = freshIp();
    await signUp(kit, 'registered@example.com', 'registered pass 1');
    for (let i = 0; i < 15; i++) {
      expect(
        (await call(kit.app, 'GET', 'SendForgetPasswordOTP', { EmailIdOrPhone: `nobody${i}@example.com` }, { ip })).body
          .message,
      ).toBe('Email/Mobile Id not found.');
      expect(
        (await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'registered@example.com' }, { ip })).status,
      ).toBe(409);
    }
    const reset = await call(
      kit.app,
      'GET',
      'SendForgetPasswordOTP',
      { EmailIdOrPhone: 'nobody99@example.com' },
      { ip },
    );
    expect(reset.status).toBe(429);
    const signup = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: 'registered@example.com' }, { ip });
    expect(signup.status).toBe(429);
  });
});

describe('calls that send a code need the signals our pages send', () => {
  it('refuses ValidateSignUp and SendForgetPasswordOTP without the Country header (an image tag on another site), sending nothing', async () => {
    const since = kit.mail.mails.length;
    for (const path of ['ValidateSignUp', 'SendForgetPasswordOTP']) {
      const res = await kit.app.inject({
        method: 'GET',
        url: `/api/Common/${path}?EmailIdOrPhone=victim%40example.com`,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'This request must come from the shop’s own pages. Please use the form on our site.',
        data: null,
      });
    }
    // A browser that says the request comes from another site is refused even with the header.
    const crossSite = await call(
      kit.app,
      'GET',
      'ValidateSignUp',
      { EmailIdOrPhone: 'victim@example.com' },
      { ip: freshIp(), headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(kit.mail.mails.length).toBe(since);
    // From our pages: sent.
    const ours = await call(
      kit.app,
      'GET',
      'ValidateSignUp',
      { EmailIdOrPhone: 'victim@example.com' },
      { ip: freshIp(), headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(ours.status).toBe(200);
  });
});

describe('change password', () => {
  it('checks the old password, the confirmation, and signs out other devices', async () => {
    const { token } = await signUp(kit, 'changer@example.com', 'old pass 123');
    const other = (
      await call(kit.app, 'POST', 'Login', { EmailorPhone: 'changer@example.com', Password: 'old pass 123' })
    ).body.data.tokan;
    const wrongOld = await call(kit.app, 'POST', 'ChangePassword', {
      Tokan: token,
      OldPassword: 'not it at all',
      NewPassword: 'new pass 123',
      ConfirmNewPassword: 'new pass 123',
    });
    expect(wrongOld.body).toEqual({ status: 'error', message: 'Invalid old password!', data: null });
    const mismatch = await call(kit.app, 'POST', 'ChangePassword', {
      Tokan: token,
      OldPassword: 'old pass 123',
      NewPassword: 'new pass 123',
      ConfirmNewPassword: 'new pass 124',
    });
    expect(mismatch.body.message).toBe('Confirm Password & New Password not matched!');
    const ok = await call(kit.app, 'POST', 'ChangePassword', {
      Tokan: token,
      OldPassword: 'old pass 123',
      NewPassword: 'new pass 123',
      ConfirmNewPassword: 'new pass 123',
    });
    expect(ok.body.status).toBe('success');
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token })).status).toBe(200);
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token: other })).body.message).toBe(TOKEN_EXPIRED);
  });
});

describe('tokens we do not honour', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    ({ token, userId } = await signUp(kit, 'tokens@example.com'));
  });

  it('answers an altered token with Token expired. please log in again, and changes nothing', async () => {
    const i = Math.floor(token.length / 2);
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    const res = await call(kit.app, 'POST', 'UpdateProfile', {
      Tokan: altered,
      Title: 'Ms',
      FirstName: 'Mallory',
      LastName: 'X',
      DOB: '1990-01-01',
      CountryId: 101,
      CityId: 1,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: TOKEN_EXPIRED, data: null });
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token })).body.data.firstName).toBeNull();
  });

  it('refuses a well-formed token that we never issued (right key, no session row)', async () => {
    const forged = encryptLoginToken(
      { userId, email: 'tokens@example.com', loginDate: loginStamp(new Date()), name: 'x' },
      kit.app.config.TOKEN_KEY,
    );
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token: forged })).body.message).toBe(TOKEN_EXPIRED);
  });

  it('refuses an expired token', async () => {
    const old = await createSession(
      kit.database.db,
      kit.app.config,
      { id: userId, email: 'tokens@example.com', name: '' },
      new Date(Date.now() - 31 * 86_400_000),
    );
    const res = await call(kit.app, 'GET', 'GetProfileDetail', {}, { token: old.token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(TOKEN_EXPIRED);
  });

  it('says Token not found. Please log in again. when no token is sent', async () => {
    const res = await call(kit.app, 'GET', 'GetProfileDetail', {});
    expect(res.body).toEqual({ status: 'error', message: 'Token not found. Please log in again.', data: null });
  });
});

describe('profile', () => {
  it('saves title, names, date of birth, country, state and city and reads them back', async () => {
    const { token } = await signUp(kit, 'profile@example.com');
    const [city] = await kit.database.db
      .select()
      .from(cities)
      .where(and(eq(cities.countryId, 101), isNotNull(cities.stateId)))
      .limit(1);
    const res = await call(kit.app, 'POST', 'UpdateProfile', {
      Tokan: token,
      Title: 'Mrs',
      FirstName: 'Priya',
      LastName: 'Nair',
      DOB: '1988-04-12',
      CountryId: 101,
      StateId: city!.stateId!,
      CityId: city!.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Profile updated successfully.' });
    const read = await call(kit.app, 'GET', 'GetProfileDetail', { token });
    expect(read.body.data).toMatchObject({
      title: 'Mrs',
      firstName: 'Priya',
      lastName: 'Nair',
      name: 'Priya Nair',
      dob: '1988-04-12',
      countryId: 101,
      stateId: city!.stateId,
      cityId: city!.id,
      email: 'profile@example.com',
    });
    // The next login carries the name in the token.
    const login = await call(kit.app, 'POST', 'Login', {
      EmailorPhone: 'profile@example.com',
      Password: 'correct horse 1',
    });
    expect(decryptLoginToken(login.body.data.tokan, kit.app.config.TOKEN_KEY)!.name).toBe('Priya Nair');
  });

  it('refuses a city outside the chosen country and a state of another country', async () => {
    const { token } = await signUp(kit, 'places@example.com');
    const [foreign] = await kit.database.db.select().from(cities).where(eq(cities.countryId, 231)).limit(1);
    const [indianCity] = await kit.database.db.select().from(cities).where(eq(cities.countryId, 101)).limit(1);
    const [uaeState] = await kit.database.db.select().from(states).where(eq(states.countryId, 231)).limit(1);
    const base = { Tokan: token, Title: 'Mr', FirstName: 'Ravi', LastName: 'K', DOB: '1990-01-01', CountryId: 101 };
    expect((await call(kit.app, 'POST', 'UpdateProfile', { ...base, CityId: foreign!.id })).body.message).toBe(
      'Choose a city in your country from the list.',
    );
    if (uaeState)
      expect(
        (await call(kit.app, 'POST', 'UpdateProfile', { ...base, StateId: uaeState.id, CityId: indianCity!.id })).body
          .message,
      ).toBe('Choose a state in your country from the list.');
    const future = await call(kit.app, 'POST', 'UpdateProfile', { ...base, DOB: '2999-01-01', CityId: indianCity!.id });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/must be in the past/);
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

function multipart(name: string, content: Buffer, type: string) {
  const boundary = '----wanderlust-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile image', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp(kit, 'photo@example.com'));
  });

  it('says Token not found. Please log in again. without a token', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/Common/UpdateProfileImage',
      ...multipart('me.png', PNG, 'image/png'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: 'Token not found. Please log in again.', data: null });
  });

  it('stores a PNG under a generated name and serves it back without sniffing', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: `/api/Common/UpdateProfileImage?token=${encodeURIComponent(token)}`,
      ...multipart('../../etc/me.png', PNG, 'image/png'),
    });
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json().data;
    expect(imageUrl).toMatch(/^\/api\/Common\/ProfileImage\/[a-f0-9]{32}\.png$/);
    const img = await kit.app.inject({ method: 'GET', url: imageUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token })).body.data.imageUrl).toBe(imageUrl);
  });

  it('judges the type by the bytes: a script named .png is refused', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: `/api/Common/UpdateProfileImage?token=${encodeURIComponent(token)}`,
      ...multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Upload a JPEG, PNG or WebP image.');
    const pdf = await kit.app.inject({
      method: 'POST',
      url: `/api/Common/UpdateProfileImage?token=${encodeURIComponent(token)}`,
      ...multipart('doc.jpg', Buffer.from('%PDF-1.7 hello'), 'image/jpeg'),
    });
    expect(pdf.statusCode).toBe(415);
  });

  it('refuses an image over 5 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await kit.app.inject({
      method: 'POST',
      url: `/api/Common/UpdateProfileImage?token=${encodeURIComponent(token)}`,
      ...multipart('big.jpg', big, 'image/jpeg'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 5 MB/);
  });
});

describe('personal details', () => {
  it('saves and reads your own details, and never another traveller’s', async () => {
    const me = await signUp(kit, 'details@example.com');
    const them = await signUp(kit, 'details2@example.com');
    const saved = await call(kit.app, 'GET', 'PostOrUpdateUserPersonalDetails', {
      Token: me.token,
      gender: 'female',
      nationality: 'Indian',
      passportNumber: 'p1234567',
      alternatePhone: '+919812345678',
    });
    expect(saved.body).toMatchObject({
      status: 'success',
      data: { userId: me.userId, gender: 'female', passportNumber: 'P1234567' },
    });
    const mine = await call(kit.app, 'GET', 'GetUserPersonalDetails', { userId: me.userId }, { token: me.token });
    expect(mine.body.data).toMatchObject({ nationality: 'Indian', alternatePhone: '+919812345678', address: '' });
    const theirs = await call(kit.app, 'GET', 'GetUserPersonalDetails', { userId: them.userId }, { token: me.token });
    expect(theirs.status).toBe(403);
    const bad = await call(kit.app, 'GET', 'PostOrUpdateUserPersonalDetails', {
      Token: me.token,
      alternatePhone: '12345',
    });
    expect(bad.status).toBe(400);
  });
});

describe('sign-out through /api/auth', () => {
  it('revokes the token: afterwards it is Token expired. please log in again', async () => {
    const { token } = await signUp(kit, 'leaver@example.com');
    const csrf = await kit.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = String(csrf.headers['set-cookie']).split(';')[0]!;
    const out = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: `${cookie}; NHauth_token=${encodeURIComponent(token)}` },
      payload: { csrfToken: csrf.json().csrfToken, callbackUrl: '/' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ url: '/' });
    expect(String(out.headers['set-cookie'])).toMatch(/NHauth_token=; Path=\/; SameSite=Lax; Max-Age=0/);
    const [row] = await kit.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token })).body.message).toBe(TOKEN_EXPIRED);
  });
});
