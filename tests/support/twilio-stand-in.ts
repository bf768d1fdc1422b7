import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP server that answers like Twilio's Messages API (POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, basic auth, a form body), so the app's real
 * client (server/services/sms.ts) is what the tests run. It keeps what it accepted.
 */

export interface SentText {
  to: string;
  body: string;
  from?: string;
  messagingServiceSid?: string;
}

export interface TwilioStandIn {
  /** For TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  messages: SentText[];
  /** Numbers it refuses as Twilio refuses a number that cannot take texts (400, error 21614). */
  refuse(number: string): void;
  /** The next request answers this status with a Twilio error body (e.g. 500, 503). */
  failNext(status: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

function error(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTwilioStandIn(
  accountSid = `AC${'5e'.repeat(16)}`,
  authToken = 'stand-in-auth-token',
): Promise<TwilioStandIn> {
  const messages: SentText[] = [];
  const refused = new Set<string>();
  let failure: number | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return error(res, 404, 20404, 'The requested resource was not found');
    if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, 'Authenticate');
    if (failure !== null) {
      const status = failure;
      failure = null;
      return error(res, status, 20500, 'Internal Server Error');
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return error(res, 400, 20001, 'Invalid content type');
    const form = new URLSearchParams(await readBody(req));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    const from = form.get('From') ?? undefined;
    const messagingServiceSid = form.get('MessagingServiceSid') ?? undefined;
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return error(res, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from && !messagingServiceSid) return error(res, 400, 21603, "A 'From' phone number is required.");
    if (!body) return error(res, 400, 21602, 'Message body is required.');
    if (refused.has(to)) return error(res, 400, 21614, `'To' number ${to} is not a valid mobile number`);
    messages.push({ to, body, from, messagingServiceSid });
    const sid = `SM${messages.length.toString(16).padStart(32, '0')}`;
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid,
        account_sid: accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: messagingServiceSid ?? null,
        body,
        status: 'queued',
        error_code: null,
        error_message: null,
        api_version: '2010-04-01',
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    refuse: (number) => void refused.add(number),
    failNext: (status) => void (failure = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
