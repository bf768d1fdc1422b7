import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import type { Answer, ShopData } from './answers.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { openTestDatabase } from './test-database.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in.ts';

export interface AccountKit {
  app: FastifyInstance;
  database: Database;
  mail: MailCatcher;
  /** Text messages, as the stand-in for Twilio's Messages API received them. */
  sms: TwilioStandIn;
  close(): Promise<void>;
}

/** The real app with mail going to a local SMTP server and text messages to a stand-in for Twilio. */
export async function createAccountKit(config: Partial<Config> = {}): Promise<AccountKit> {
  const mail = await startMailCatcher();
  const sms = await startTwilioStandIn();
  const database = await openTestDatabase();
  const app = await buildApp({
    db: database.db,
    config: testConfig({
      SMTP_URL: mail.url,
      SMTP_FROM: 'Wanderlust Tests <codes@wanderlust.test>',
      TWILIO_ACCOUNT_SID: sms.accountSid,
      TWILIO_AUTH_TOKEN: sms.authToken,
      TWILIO_FROM: 'Wanderlust',
      TWILIO_API_URL: sms.url,
      ...config,
    }),
  });
  await app.ready();
  return {
    app,
    database,
    mail,
    sms,
    close: async () => {
      await app.close();
      await database.close();
      await mail.close();
      await sms.close();
    },
  };
}

let addressCounter = 0;
/** A fresh client address per call, so per-address limits of one test do not touch another. */
export const freshIp = () => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** A shop call by its path (`'CreateCart'`); its answer is typed by the contract's declaration of that path. */
export async function call<const Path extends string>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: Path,
  params: Record<string, unknown> = {},
  opts: { token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  const res = await app.inject({
    method,
    url: `/api/Common/${path}${qs ? `?${qs}` : ''}`,
    remoteAddress: opts.ip ?? '127.0.0.1',
    // As the app sends them: every call carries the Country header.
    headers: { country: 'UAE', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
  return {
    status: res.statusCode,
    body: res.json() as Answer<ShopData<Path>>,
    headers: res.headers,
  };
}

/** Signs up through the real flow (code from the mail) and returns the login token. */
export async function signUp(kit: AccountKit, email: string, password = 'correct horse 1') {
  const since = kit.mail.mails.length;
  const ip = freshIp();
  const sent = await call(kit.app, 'GET', 'ValidateSignUp', { EmailIdOrPhone: email }, { ip });
  if (sent.status !== 200) throw new Error(`ValidateSignUp: ${sent.body.message}`);
  const code = kit.mail.codeOf(await kit.mail.waitFor(email, { since }));
  const verified = await call(kit.app, 'GET', 'ValidateOTP', { OTP: code, EmailIdOrPhone: email }, { ip });
  const saved = await call(kit.app, 'GET', 'SavePassword', {
    Token: verified.body.data.token,
    Password: password,
    ConfirmPassword: password,
  });
  if (saved.status !== 200) throw new Error(`SavePassword: ${saved.body.message}`);
  const logged = await call(kit.app, 'POST', 'Login', { EmailorPhone: email, Password: password }, { ip });
  return { token: logged.body.data.tokan, userId: saved.body.data.userId };
}
