import type { Config } from '../config.ts';

/** Sends a text message (one-time codes to phones). Decision 0020. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider has accepted the message; throws SmsRefused otherwise. */
  send(to: string, text: string): Promise<void>;
}

/**
 * The provider did not take the message. `number`: it refused the recipient (not a mobile
 * number, a country the account may not send to); `unavailable`: anything else (credentials,
 * its outage, no answer), which the traveller cannot fix.
 */
export class SmsRefused extends Error {
  constructor(
    readonly reason: 'number' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A sender number (+…), an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  apiUrl: string;
  timeoutMs?: number;
}

const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;

/** Twilio's Messages API: a form POST with basic auth; 201 with the message, or an error object. */
export function twilioSms(opts: TwilioOptions): SmsProvider {
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, text) {
      const form = new URLSearchParams({ To: to, Body: text });
      form.set(MESSAGING_SERVICE_SID.test(opts.from) ? 'MessagingServiceSid' : 'From', opts.from);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsRefused('unavailable', `Twilio did not answer: ${(err as Error).message}`);
      }
      if (res.ok) return;
      const body = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
      const detail = `Twilio answered ${res.status}${body.code ? ` (error ${body.code})` : ''}: ${body.message ?? 'no message'}`;
      // 400 is about this request (the number, the country, the sender); 401, 403, 429 and 5xx
      // are about the account or Twilio itself.
      throw new SmsRefused(res.status === 400 ? 'number' : 'unavailable', detail);
    },
  };
}

/** The configured provider, or null: phone numbers are then refused where a code would go. */
export function smsProviderFrom(
  config: Pick<Config, 'PHONE_SIGN_IN' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL'>,
): SmsProvider | null {
  if (config.PHONE_SIGN_IN === 'off') return null;
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = config;
  if (!accountSid || !authToken || !from) return null;
  return twilioSms({ accountSid, authToken, from, apiUrl: config.TWILIO_API_URL });
}
