import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Everything a shop on a public address needs. */
const LIVE = {
  PUBLIC_URL: 'https://shop.example.com',
  TOKEN_KEY: 'a-long-enough-secret-key',
  AUTH_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com:587',
  ENQUIRY_TO: 'sales@wanderlust.example.com',
  TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: 'Wanderlust',
};

describe('configuration', () => {
  it('has working development defaults, and says which ones it used', () => {
    const { config, warnings } = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/TOKEN_KEY is not set/);
  });
  it('stops with a message naming the bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ GTM_ID_IN: 'UA-1' })).toThrow(/GTM_ID_IN/);
    // The India seller's GSTIN decides CGST + SGST or IGST: it must be one.
    expect(() => loadConfig({ SHOP_IN: JSON.stringify({ taxNumber: '27AABCW1234F1Z5' }) })).toThrow(
      /SHOP_IN: taxNumber is not a valid GSTIN/,
    );
    expect(loadConfig({ SHOP_IN: JSON.stringify({ taxNumber: '07AABCW1234F1ZP' }) }).config.SHOP_IN).toContain(
      '07AABCW1234F1ZP',
    );
  });
  it('takes the pay-later grace in whole days from 0 to 14, 2 by default', () => {
    expect(loadConfig({}).config.PAY_LATER_GRACE_DAYS).toBe(2);
    expect(loadConfig({ PAY_LATER_GRACE_DAYS: '0' }).config.PAY_LATER_GRACE_DAYS).toBe(0);
    for (const bad of ['-1', '15', '1.5', 'two'])
      expect(() => loadConfig({ PAY_LATER_GRACE_DAYS: bad }), bad).toThrow(/PAY_LATER_GRACE_DAYS/);
  });
  it('requires a real TOKEN_KEY on a public address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).toThrow(/TOKEN_KEY/);
    expect(loadConfig({ ...LIVE, TOKEN_KEY: 'a-long-enough-secret-key' }).warnings).not.toContainEqual(
      expect.stringMatching(/TOKEN_KEY/),
    );
  });
  it('requires an AUTH_SECRET (never sent to browsers) on a public address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com', TOKEN_KEY: 'a-long-enough-secret-key' })).toThrow(
      /AUTH_SECRET.*NO_SECRET/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({}).warnings.join('\n')).toMatch(/AUTH_SECRET is not set/);
  });
  it('on a public address, refuses to start without a mail server, and says why', () => {
    expect(loadConfig(LIVE).warnings).toEqual([]);
    const { ENQUIRY_TO: _to, ...nobodyTold } = LIVE;
    expect(loadConfig(nobodyTold).warnings).toEqual([
      'ENQUIRY_TO is not set: enquiries and itinerary requests are stored, but mailed to no one.',
    ]);
    const { SMTP_URL: _smtp, ...noMail } = LIVE;
    expect(() => loadConfig(noMail)).toThrow(
      /SMTP_URL: required when PUBLIC_URL is a public address \(sign-up and reset codes must be mailed, never logged\)/,
    );
    // Every missing setting is named at once.
    expect(() => loadConfig({ PUBLIC_URL: LIVE.PUBLIC_URL })).toThrow(
      /TOKEN_KEY[\s\S]*AUTH_SECRET[\s\S]*SMTP_URL[\s\S]*TWILIO_ACCOUNT_SID/,
    );
    // A development or test start writes mail to the log and only warns.
    expect(loadConfig({ NODE_ENV: 'development' }).warnings.join('\n')).toMatch(
      /SMTP_URL is not set: mail, one-time codes included/,
    );
    expect(loadConfig({}).warnings.join('\n')).toMatch(
      /SMTP_URL is not set: mail is written to the server log without its one-time codes/,
    );
  });

  it('on a public address, needs an SMS provider unless phone sign-in is off', () => {
    const { TWILIO_ACCOUNT_SID: _a, TWILIO_AUTH_TOKEN: _b, TWILIO_FROM: _c, ...noSms } = LIVE;
    expect(() => loadConfig(noSms)).toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required .* unless PHONE_SIGN_IN=off/,
    );
    expect(loadConfig({ ...noSms, PHONE_SIGN_IN: 'off' }).config.PHONE_SIGN_IN).toBe('off');
    expect(() => loadConfig({ ...noSms, PHONE_SIGN_IN: 'no' })).toThrow(/PHONE_SIGN_IN must be on or off/);
    // Off a public address it only warns: phone numbers are then refused at the first step.
    expect(loadConfig({}).warnings.join('\n')).toMatch(/No SMS provider .* refuse mobile numbers/);
    expect(loadConfig({ PHONE_SIGN_IN: 'off' }).warnings.join('\n')).not.toMatch(/SMS/);
  });

  it('takes Twilio settings whole and well-formed', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: LIVE.TWILIO_ACCOUNT_SID })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM: needed with the other TWILIO_ settings/,
    );
    expect(() => loadConfig({ ...LIVE, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      /TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters/,
    );
    expect(() => loadConfig({ ...LIVE, TWILIO_FROM: 'Wanderlust Holidays' })).toThrow(/TWILIO_FROM must be/);
    for (const from of ['+971501234567', `MG${'ab'.repeat(16)}`, 'WNDRLST'])
      expect(loadConfig({ ...LIVE, TWILIO_FROM: from }).config.TWILIO_FROM).toBe(from);
    expect(loadConfig(LIVE).config.TWILIO_API_URL).toBe('https://api.twilio.com');
  });
  it('with Stripe on, a public address needs STRIPE_WEBHOOK_SECRET; Razorpay without its webhook secret only warns', () => {
    expect(() => loadConfig({ ...LIVE, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY when PUBLIC_URL is a public address/,
    );
    expect(loadConfig({ ...LIVE, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).warnings).toEqual(
      [],
    );
    // Off a public address it warns.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).warnings.join('\n')).toMatch(
      /STRIPE_WEBHOOK_SECRET is not set/,
    );
    const razorpay = { ...LIVE, RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig(razorpay).warnings).toEqual([expect.stringMatching(/^RAZORPAY_WEBHOOK_SECRET is not set/)]);
    expect(loadConfig({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: 'whsec' }).warnings).toEqual([]);
  });
});
