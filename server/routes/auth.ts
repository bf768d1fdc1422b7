import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AUTH_ERROR, normaliseIdentifier, type AuthSession } from '../../contract/account.ts';
import { publicUrl } from '../config.ts';
import { DomainError } from '../lib/errors.ts';
import { MESSAGES } from '../services/accounts/messages.ts';
import { getProfile } from '../services/accounts/profile.ts';
import { login, loginWithGoogle } from '../services/accounts/sign-in.ts';
import type { AccountContext } from '../services/accounts/users.ts';
import { verifyGoogleIdToken } from '../services/google.ts';
import { createMailer } from '../services/mail.ts';
import { findSession, revokeSession } from '../services/sessions.ts';

const CSRF_COOKIE = 'authjs.csrf-token';
/** Session cookies the client keeps (SPEC §3); signing out clears them server-side as well. */
const SESSION_COOKIES = ['NHauth_token', 'user_id', 'user_email', 'login_date', 'login_date_pretty', 'user_name'];

export function readCookies(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const i = pair.indexOf('=');
    if (i < 1) continue;
    const name = pair.slice(0, i).trim();
    try {
      out[name] = decodeURIComponent(pair.slice(i + 1).trim());
    } catch {
      out[name] = pair.slice(i + 1).trim();
    }
  }
  return out;
}

/** The login token of a request: the bearer header, else the NHauth_token cookie. */
function sessionToken(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return bearer || readCookies(request).NHauth_token || undefined;
}

const sign = (secret: string, value: string) =>
  createHmac('sha256', secret).update(`csrf\n${value}`).digest('base64url');

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const bodySchema = z.record(z.string(), z.unknown()).catch({});
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

function authError(reply: FastifyReply, code: number, error: string, message: string, extra: object = {}) {
  return reply.code(code).send({ error, message, ...extra });
}

/**
 * /api/auth, shaped like the Auth.js REST API (session, csrf, providers, signin, signout, _log) and
 * backed by the same session rows as the spec's login token.
 */
export async function authRoutes(app: FastifyInstance) {
  const ctx: AccountContext = {
    db: app.db,
    config: app.config,
    mailer: createMailer(app.config, app.log),
    sms: app.sms,
  };
  const origin = publicUrl(app.config);
  const secure = origin.startsWith('https:');
  // Sessions, tokens and CSRF values: nothing here is ever stored by a browser or a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Auth.js clients post forms; ours posts JSON. Both are read the same way.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const cookie = (name: string, value: string, opts: { maxAge?: number; httpOnly?: boolean; path?: string }) =>
    [
      `${name}=${encodeURIComponent(value)}`,
      `Path=${opts.path ?? '/'}`,
      'SameSite=Lax',
      ...(opts.httpOnly ? ['HttpOnly'] : []),
      ...(secure ? ['Secure'] : []),
      ...(opts.maxAge !== undefined ? [`Max-Age=${opts.maxAge}`] : []),
    ].join('; ');

  /** Double-submit check: the posted csrfToken must match the signed cookie from GET /csrf. */
  function csrfOk(request: FastifyRequest, posted: string | undefined) {
    const [value, signature] = (readCookies(request)[CSRF_COOKIE] ?? '').split('|');
    if (!value || !signature || !posted) return false;
    return safeEqual(signature, sign(app.config.AUTH_SECRET, value)) && safeEqual(value, posted);
  }

  /** A relative path on this site, or an absolute address on our own origin; anything else is refused. */
  function callbackPath(raw: string | undefined): string | null {
    if (!raw) return '/';
    if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
    try {
      const url = new URL(raw);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  }

  app.get('/session', async (request) => {
    const row = await findSession(app.db, app.config, sessionToken(request));
    if (!row) return {};
    const profile = await getProfile(app.db, row.userId).catch(() => null);
    if (!profile) return {};
    const session: AuthSession = {
      user: {
        id: String(profile.userId),
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        image: profile.imageUrl,
      },
      expires: row.expiresAt.toISOString(),
    };
    return session;
  });

  app.get('/csrf', async (request, reply) => {
    const [value, signature] = (readCookies(request)[CSRF_COOKIE] ?? '').split('|');
    let csrfToken = value && signature && safeEqual(signature, sign(app.config.AUTH_SECRET, value)) ? value : '';
    if (!csrfToken) {
      csrfToken = randomBytes(32).toString('base64url');
      reply.header(
        'set-cookie',
        cookie(CSRF_COOKIE, `${csrfToken}|${sign(app.config.AUTH_SECRET, csrfToken)}`, {
          httpOnly: true,
          path: '/api/auth',
        }),
      );
    }
    return { csrfToken };
  });

  app.get('/providers', async () => {
    const provider = (id: string, name: string, type: string) => ({
      id,
      name,
      type,
      signinUrl: `${origin}/api/auth/signin/${id}`,
      callbackUrl: `${origin}/api/auth/callback/${id}`,
    });
    return {
      credentials: provider('credentials', 'Email or mobile and password', 'credentials'),
      ...(app.config.GOOGLE_CLIENT_ID ? { google: provider('google', 'Google', 'oidc') } : {}),
    };
  });

  const signin = async (request: FastifyRequest<{ Params: { provider?: string } }>, reply: FastifyReply) => {
    const body = bodySchema.parse(request.body ?? {});
    if (!csrfOk(request, text(body.csrfToken))) {
      return authError(
        reply,
        403,
        'MissingCSRF',
        'The sign-in form has expired. Please reload the page and try again.',
        { url: '/login?error=MissingCSRF' },
      );
    }
    const callbackUrl = callbackPath(text(body.callbackUrl));
    if (callbackUrl === null)
      return authError(reply, 400, AUTH_ERROR.invalidCallbackUrl, 'callbackUrl must be a path on this site.');
    const provider = request.params.provider ?? text(body.provider);
    const signInPage = `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`;
    if (!provider) return { url: signInPage };
    try {
      if (provider === 'credentials') {
        const id = normaliseIdentifier(text(body.EmailorPhone) ?? text(body.email) ?? '');
        const password = text(body.Password) ?? text(body.password);
        if (!id || !password) {
          return authError(
            reply,
            400,
            AUTH_ERROR.credentialsHandler,
            'Send EmailorPhone and Password to sign in with credentials.',
          );
        }
        const session = await login(ctx, id, password, request.ip);
        return { url: callbackUrl, token: session.token, expires: session.expiresAt.toISOString() };
      }
      if (provider === 'google' && app.config.GOOGLE_CLIENT_ID) {
        const google = await verifyGoogleIdToken(text(body.credential) ?? '', {
          clientId: app.config.GOOGLE_CLIENT_ID,
          jwksUrl: app.config.GOOGLE_JWKS_URL,
        });
        if (!google)
          return authError(reply, 401, 'OAuthSignin', MESSAGES.googleInvalid, {
            url: `${signInPage}&error=OAuthSignin`,
          });
        const session = await loginWithGoogle(ctx, google);
        return { url: callbackUrl, token: session.token, expires: session.expiresAt.toISOString() };
      }
    } catch (err) {
      // This protocol answers refusals in its own shape (not the envelope), by kind.
      if (err instanceof DomainError) {
        if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
        const code = err.kind === 'too_many' ? 429 : 401;
        return authError(reply, code, AUTH_ERROR.credentialsSignin, err.message, {
          url: `${signInPage}&error=CredentialsSignin`,
        });
      }
      throw err;
    }
    // An unknown provider goes back to the sign-in page, saying so.
    return { url: `${signInPage}&error=OAuthSignin` };
  };
  app.post('/signin', signin);
  app.post('/signin/:provider', signin);

  app.post('/signout', async (request, reply) => {
    const body = bodySchema.parse(request.body ?? {});
    if (!csrfOk(request, text(body.csrfToken))) {
      return authError(
        reply,
        403,
        'MissingCSRF',
        'The sign-out form has expired. Please reload the page and try again.',
      );
    }
    const callbackUrl = callbackPath(text(body.callbackUrl));
    if (callbackUrl === null)
      return authError(reply, 400, AUTH_ERROR.invalidCallbackUrl, 'callbackUrl must be a path on this site.');
    const token = sessionToken(request);
    if (token) await revokeSession(app.db, token);
    reply.header(
      'set-cookie',
      SESSION_COOKIES.map((name) => cookie(name, '', { maxAge: 0 })),
    );
    return { url: callbackUrl };
  });

  const logSchema = z.object({
    level: z.enum(['error', 'warn', 'debug']).catch('error'),
    code: z.string().max(80).catch('UNKNOWN'),
    message: z.string().max(2000).catch(''),
  });
  app.post('/_log', async (request, reply) => {
    const entry = logSchema.parse(bodySchema.parse(request.body ?? {}));
    const level = entry.level === 'debug' ? 'debug' : 'warn';
    request.log[level]({ authClient: entry }, 'auth client report');
    return reply.code(200).send({});
  });

  // Any other action under /api/auth.
  app.all('/*', async (request, reply) =>
    authError(
      reply,
      404,
      AUTH_ERROR.missingRoute,
      `There is no auth action at ${request.method} ${request.url.split('?')[0]}.`,
    ),
  );
}
