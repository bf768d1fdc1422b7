import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseIdentifier } from '../../contract/account.ts';
import { publicUrl } from '../config.ts';
import { DomainError } from '../lib/errors.ts';
import { login } from '../services/accounts/sign-in.ts';
import type { AccountContext } from '../services/accounts/users.ts';
import { decryptLoginToken } from '../services/login-token.ts';
import { createMailer } from '../services/mail.ts';
import { readCookies } from './auth.ts';

/*
 * Forms tapped before the app has loaded (decision 0102). Every form the server renders posts with
 * method="post" to its own page's address, so a tap before hydration never puts what was typed (a
 * password above all) in the address bar or the history, as a GET form would. Here the server
 * answers those posts without the app: log in signs the traveller in as the app does (the spec's
 * session cookies, set by the server instead of the page) and goes on; any other form is sent back
 * to its page, which says plainly that nothing was sent and to try again now that it has loaded.
 */

/** The query parameter that tells a page its form was posted before the page had loaded. */
export const FORM_NOT_SENT = 'formNotSent';
const LOGIN_PATHS = ['/login', '/in/login'];

/** A path on this site, or null (an address elsewhere, or one that only looks like a path). */
function sitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** One cookie as the page's js-cookie writes it: readable by the page, the whole site, Lax. */
function cookie(name: string, value: string, expires: Date, secure: boolean) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Expires=${expires.toUTCString()}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const pretty = (stamp: string) =>
  `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}`;

export async function pageFormRoutes(app: FastifyInstance) {
  const ctx: AccountContext = {
    db: app.db,
    config: app.config,
    mailer: createMailer(app.config, app.log),
    sms: app.sms,
  };
  const origin = publicUrl(app.config);
  const secure = origin.startsWith('https:');

  // A plain HTML form's body. Only here: the API itself reads JSON (and its own multipart forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** Posted by a page of this shop: the browser's Origin (or, without it, Sec-Fetch-Site) says so. */
  function fromOurPage(request: FastifyRequest) {
    const from = request.headers.origin;
    if (from) {
      try {
        return from === origin || new URL(from).host === request.headers.host;
      } catch {
        return false;
      }
    }
    return request.headers['sec-fetch-site'] === 'same-origin';
  }

  /** Back to the page that posted, saying nothing was sent. */
  function notSent(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://shop.invalid');
    url.searchParams.set(FORM_NOT_SENT, '1');
    return reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}`, 303);
  }

  for (const path of LOGIN_PATHS) {
    app.post(path, async (request, reply) => {
      if (!fromOurPage(request)) return notSent(request, reply);
      const site = path.startsWith('/in/') ? '/in' : '';
      const query = request.query as Record<string, unknown>;
      const callbackUrl = sitePath(query.callbackUrl) ?? `${site}/account`;
      const failed = (error: string) =>
        reply
          .header('cache-control', 'no-store')
          .redirect(`${site}/login?error=${error}&callbackUrl=${encodeURIComponent(callbackUrl)}`, 303);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const field = (...names: string[]) =>
        names.map((n) => body[n]).find((v): v is string => typeof v === 'string') ?? '';
      // The log-in page names its fields for password managers (username, password).
      const id = normaliseIdentifier(field('username', 'EmailorPhone'));
      const password = field('password', 'Password');
      if (!id || !password) return failed('CredentialsSignin');
      try {
        const session = await login(ctx, id, password, request.ip);
        const parts = decryptLoginToken(session.token, app.config.TOKEN_KEY);
        if (!parts) throw new Error('A login token the server made could not be read back.');
        const expires = session.expiresAt;
        const count = Number(readCookies(request).login_count ?? 0);
        reply.header('set-cookie', [
          cookie('NHauth_token', session.token, expires, secure),
          cookie('user_id', String(parts.userId), expires, secure),
          cookie('user_email', parts.email, expires, secure),
          cookie('login_date', parts.loginDate, expires, secure),
          cookie('login_date_pretty', pretty(parts.loginDate), expires, secure),
          cookie('user_name', parts.name, expires, secure),
          cookie(
            'login_count',
            String((Number.isInteger(count) && count >= 0 ? count : 0) + 1),
            new Date(Date.now() + 365 * 86_400_000),
            secure,
          ),
        ]);
        return reply.header('cache-control', 'no-store').redirect(callbackUrl, 303);
      } catch (err) {
        if (err instanceof DomainError)
          return failed(err.kind === 'too_many' ? 'TooManyAttempts' : 'CredentialsSignin');
        throw err;
      }
    });
  }

  // Any other page's form, tapped before the page loaded: back to it, where it says to try again.
  app.post('/*', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    return notSent(request, reply);
  });
}
