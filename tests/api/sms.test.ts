import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in.ts';
import { SmsRefused, smsProviderFrom, twilioSms } from '../../server/services/sms.ts';

let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(() => twilio.close());

const options = () => ({
  accountSid: twilio.accountSid,
  authToken: twilio.authToken,
  from: 'Wanderlust',
  apiUrl: twilio.url,
});

describe('Twilio text messages', () => {
  it('posts the number and text as a form, with basic auth, from the configured sender', async () => {
    await twilioSms(options()).send('+971501234567', '123456 is your sign-up code');
    expect(twilio.messages.at(-1)).toEqual({
      to: '+971501234567',
      body: '123456 is your sign-up code',
      from: 'Wanderlust',
      messagingServiceSid: undefined,
    });
  });

  it('sends through a Messaging Service when the sender is one (MG…)', async () => {
    const service = `MG${'12'.repeat(16)}`;
    await twilioSms({ ...options(), from: service }).send('+919812345678', 'hello');
    expect(twilio.messages.at(-1)).toMatchObject({
      to: '+919812345678',
      messagingServiceSid: service,
      from: undefined,
    });
  });

  it('tells a refused number from a provider that cannot send', async () => {
    twilio.refuse('+97142222222');
    const sms = twilioSms(options());
    const refusal = await sms.send('+97142222222', 'hello').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect(refusal).toMatchObject({ reason: 'number', message: expect.stringMatching(/400 \(error 21614\)/) });

    twilio.failNext(503);
    expect(await sms.send('+971501234567', 'hello').catch((e: unknown) => e)).toMatchObject({ reason: 'unavailable' });
    const wrongToken = await twilioSms({ ...options(), authToken: 'wrong' })
      .send('+971501234567', 'hello')
      .catch((e: unknown) => e);
    expect(wrongToken).toMatchObject({ reason: 'unavailable', message: expect.stringMatching(/401 \(error 20003\)/) });
    const nobody = await twilioSms({ ...options(), apiUrl: 'http://127.0.0.1:9' })
      .send('+971501234567', 'hello')
      .catch((e: unknown) => e);
    expect(nobody).toMatchObject({ reason: 'unavailable', message: expect.stringMatching(/Twilio did not answer/) });
  });

  it('is there only when configured whole and phone sign-in is on', () => {
    const config = {
      PHONE_SIGN_IN: 'on' as const,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: 'Wanderlust',
      TWILIO_API_URL: twilio.url,
    };
    expect(smsProviderFrom(config)?.name).toBe('twilio');
    expect(smsProviderFrom({ ...config, PHONE_SIGN_IN: 'off' })).toBeNull();
    expect(smsProviderFrom({ ...config, TWILIO_FROM: undefined })).toBeNull();
  });
});
