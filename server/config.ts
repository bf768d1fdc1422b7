import { createServer, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { shopOverrideProblem } from './services/shop-details.ts';

const DEV_TOKEN_KEY = 'development-only-token-key-change-me';
const DEV_AUTH_SECRET = 'development-only-auth-secret-change-me-0123456789';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none by default, else their
 * addresses and ranges (`10.0.0.0/8,127.0.0.1`). `true` would let every caller choose its own
 * address, and with it dodge every per-address limit; a hop count cannot tell a proxy from a
 * client that sends the header itself (Fastify 5 refuses to trust one).
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | string[] => {
    if (!v || v === 'false') return false;
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => {
      const [address, bits, ...rest] = e.split('/');
      if (PROXY_NAMES.has(e)) return false;
      if (rest.length || !isIP(address ?? '')) return true;
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(address!) === 4 ? 32 : 128));
    });
    if (v === 'true' || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must list the addresses or ranges of the proxies in front of the server (e.g. 10.0.0.0/8,127.0.0.1)${v === 'true' ? ': true would trust any caller' : `; "${bad}" is neither`}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  /** Server processes sharing the port (node:cluster): a number, or `auto` for one per core. */
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
      message: 'WEB_CONCURRENCY must be a number of processes from 1 to 64, or auto',
    })
    .default(1)
    .transform((v) => (v === 'auto' ? availableParallelism() : v)),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  TOKEN_KEY: z.string().min(16, 'TOKEN_KEY must be at least 16 characters').optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().min(3).default('Wanderlust Holidays <no-reply@localhost>'),
  ENQUIRY_TO: optionalText,
  /** Enquiries accepted per address per hour, across all enquiry forms. */
  ENQUIRY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  GTM_ID_UAE: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID_UAE must look like GTM-XXXXXXX')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GTM_ID_IN: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID_IN must look like GTM-XXXXXXX')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Text messages through Twilio's Messages API (decision 0020): all three, or none. */
  TWILIO_ACCOUNT_SID: optionalText.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'TWILIO_FROM must be a sender number (+971…), an alphanumeric sender ID of at most 11 characters, or a Messaging Service SID (MG…)',
      )
      .optional(),
  ),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** `off`: sign-up and password reset take email addresses only, and no SMS provider is needed. */
  PHONE_SIGN_IN: z.enum(['on', 'off'], { message: 'PHONE_SIGN_IN must be on or off' }).default('on'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TEMP_BOOKING_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A guest's hold (not signed in) lasts this long; signing in extends it to TEMP_BOOKING_HOLD_MINUTES. */
  GUEST_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Rooms one guest may hold at once, across their live holds. */
  HOLD_GUEST_MAX_ROOMS: z.coerce.number().int().min(1).max(1000).default(4),
  /** Live holds one guest may have at once. */
  HOLD_GUEST_MAX_HOLDS: z.coerce.number().int().min(1).max(100).default(2),
  /** Rooms guests may hold from one client address (its keyed hash) per hour. */
  HOLD_ADDRESS_MAX_ROOMS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(12),
  /** Sign-up and reset codes one client address (its keyed hash) may ask for per hour, and check (right or wrong). */
  CODES_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Razorpay (India site): both keys turn it on. */
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /**
   * Secret of Razorpay's webhook (POST /api/payments/razorpay/webhook): payments reach the shop without the traveller's
   * page.
   */
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  /** Stripe (UAE site): the secret key turns it on; the webhook secret verifies its events. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /**
   * Tax collected at source on overseas packages sold on the India site: a flat percent overriding the dated rules of
   * tcs_rules (unset: the table, decision 0043).
   */
  TCS_RATE_PERCENT: z.coerce.number().min(0).max(50).optional(),
  /**
   * A gateway booking not paid this long after its last payment start is cancelled and its rooms released (Stripe: 30
   * to 1440).
   */
  PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(30)
    .max(24 * 60)
    .default(60),
  /** Pay later: days until the balance is due (never later than three days before travel). */
  PAY_LATER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /**
   * Pay later: days after the due date before an unpaid booking is cancelled (on the day after them) and its rooms
   * released.
   */
  PAY_LATER_GRACE_DAYS: z.coerce.number().int().min(0).max(14).default(2),
  /** The seller on each site (legal name, address, tax number, phone, bank): JSON overriding the defaults. */
  SHOP_UAE: optionalText,
  SHOP_IN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'TOKEN_KEY' | 'AUTH_SECRET'> & {
  TOKEN_KEY: string;
  AUTH_SECRET: string;
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. A missing or invalid value stops start-up with a
 * message naming it; development defaults are allowed but reported through `warnings`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): {
  config: Config;
  warnings: string[];
} {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const warnings: string[] = [];
  const problems: string[] = [];
  const value = parsed.data;
  // A shop on a public address: nothing may fall back to a development stand-in.
  const live = value.NODE_ENV === 'production' && Boolean(value.PUBLIC_URL) && !value.PUBLIC_URL!.includes('localhost');
  if (value.WEB_CONCURRENCY > 1 && !value.DATABASE_URL) {
    problems.push(
      `WEB_CONCURRENCY: ${value.WEB_CONCURRENCY} processes need DATABASE_URL (a Postgres server they share); the embedded database serves one process`,
    );
  }
  let tokenKey = value.TOKEN_KEY;
  if (!tokenKey) {
    if (live) problems.push('TOKEN_KEY: required when PUBLIC_URL is a public address');
    tokenKey = DEV_TOKEN_KEY;
    warnings.push('TOKEN_KEY is not set: using a development key. Set TOKEN_KEY before going live.');
  }
  // The token key reaches the browser (the client reads the token); this secret never does.
  let authSecret = value.AUTH_SECRET;
  if (!authSecret) {
    if (live) problems.push('AUTH_SECRET: required when PUBLIC_URL is a public address (NO_SECRET)');
    authSecret = DEV_AUTH_SECRET;
    warnings.push('AUTH_SECRET is not set: using a development secret. Set AUTH_SECRET before going live.');
  }
  if (!value.SMTP_URL) {
    // Codes in a log let anyone who reads it take over any account.
    if (live)
      problems.push(
        'SMTP_URL: required when PUBLIC_URL is a public address (sign-up and reset codes must be mailed, never logged)',
      );
    warnings.push(
      value.NODE_ENV === 'development'
        ? 'SMTP_URL is not set: mail, one-time codes included, is written to the server log.'
        : 'SMTP_URL is not set: mail is written to the server log without its one-time codes, so nobody can sign up by email (set SMTP_URL, or use npm run dev).',
    );
  }
  const twilio = {
    TWILIO_ACCOUNT_SID: value.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: value.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: value.TWILIO_FROM,
  };
  const missing = Object.keys(twilio).filter((k) => !twilio[k as keyof typeof twilio]);
  if (missing.length > 0 && missing.length < 3)
    problems.push(`${missing.join(', ')}: needed with the other TWILIO_ settings`);
  if (value.PHONE_SIGN_IN === 'on' && missing.length === 3) {
    if (live)
      problems.push(
        'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when PUBLIC_URL is a public address, unless PHONE_SIGN_IN=off',
      );
    warnings.push(
      'No SMS provider (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM): sign-up and reset refuse mobile numbers and ask for an email address.',
    );
  }
  if (!value.ENQUIRY_TO)
    warnings.push('ENQUIRY_TO is not set: enquiries and itinerary requests are stored, but mailed to no one.');
  if (Boolean(value.RAZORPAY_KEY_ID) !== Boolean(value.RAZORPAY_KEY_SECRET))
    problems.push('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both to take Razorpay payments, or neither');
  for (const name of ['SHOP_UAE', 'SHOP_IN'] as const) {
    const problem = shopOverrideProblem(value[name], name === 'SHOP_IN' ? 'IN' : 'UAE');
    if (problem) problems.push(`${name}: ${problem}`);
  }
  if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
    // Without it a traveller who pays and closes Stripe's page is only found when the window closes.
    if (live)
      problems.push(
        'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY when PUBLIC_URL is a public address (the signing secret of the webhook at /api/payments/stripe/webhook)',
      );
    warnings.push(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe payments are confirmed only when the traveller returns to the shop.',
    );
  }
  if (value.RAZORPAY_KEY_ID && value.RAZORPAY_KEY_SECRET && !value.RAZORPAY_WEBHOOK_SECRET) {
    warnings.push(
      'RAZORPAY_WEBHOOK_SECRET is not set: a Razorpay payment whose page was closed is found only when its payment window closes.',
    );
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (!value.PUBLIC_URL) warnings.push(`PUBLIC_URL is not set: canonical links use http://localhost:${value.PORT}.`);
  return { config: { ...value, TOKEN_KEY: tokenKey, AUTH_SECRET: authSecret }, warnings };
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/**
 * Why the shop could not listen on PORT and HOST, or null when it could: asked at start before the
 * data folder is opened, so a port already taken stops it before anything is created or migrated.
 * A trial listen, closed at once (in a cluster process it shares the port as the real listen does).
 */
export async function portProblem(config: Pick<Config, 'PORT' | 'HOST'>): Promise<string | null> {
  if (config.PORT === 0) return null;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port: config.PORT, host: config.HOST }, resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return `Port ${config.PORT} is already in use: stop the other process or set PORT.`;
    if (code === 'EACCES')
      return `Port ${config.PORT} needs rights this process does not have (ports below 1024 do): set PORT to 1024 or above.`;
    return `Could not listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`;
  }
}

/** Configuration for tests: in-memory database, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    TOKEN_KEY: 'test-token-key-0123456789',
  });
  return { ...config, ...overrides };
}
