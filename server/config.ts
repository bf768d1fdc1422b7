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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TEMP_BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Razorpay (India site): both keys turn it on. */
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Stripe (UAE site): the secret key turns it on; the webhook secret verifies its events. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Tax collected at source on overseas packages sold on the India site, percent. */
  TCS_RATE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  /** A gateway booking not paid this long after its last payment start is cancelled and its rooms released (Stripe: 30 to 1440). */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(30).max(24 * 60).default(60),
  /** Pay later: days until the balance is due (never later than three days before travel). */
  PAY_LATER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** The seller on each site (legal name, address, tax number, phone, bank): JSON overriding the defaults. */
  SHOP_UAE: optionalText,
  SHOP_IN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'TOKEN_KEY' | 'AUTH_SECRET'> & { TOKEN_KEY: string; AUTH_SECRET: string };

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
  const value = parsed.data;
  let tokenKey = value.TOKEN_KEY;
  if (!tokenKey) {
    if (value.NODE_ENV === 'production' && value.PUBLIC_URL && !value.PUBLIC_URL.includes('localhost')) {
      throw new ConfigError('Invalid configuration:\n  TOKEN_KEY: required when PUBLIC_URL is a public address');
    }
    tokenKey = DEV_TOKEN_KEY;
    warnings.push('TOKEN_KEY is not set: using a development key. Set TOKEN_KEY before going live.');
  }
  if (Boolean(value.RAZORPAY_KEY_ID) !== Boolean(value.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both to take Razorpay payments, or neither');
  }
  for (const name of ['SHOP_UAE', 'SHOP_IN'] as const) {
    const problem = shopOverrideProblem(value[name]);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${name}: ${problem}`);
  }
  if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
    warnings.push('STRIPE_WEBHOOK_SECRET is not set: Stripe payments are confirmed only when the traveller returns to the shop.');
  }
  if (!value.SMTP_URL) warnings.push('SMTP_URL is not set: one-time codes and mail are written to the server log.');
  if (!value.PUBLIC_URL) warnings.push(`PUBLIC_URL is not set: canonical links use http://localhost:${value.PORT}.`);
  // The token key reaches the browser (the client reads the token); this secret never does.
  let authSecret = value.AUTH_SECRET;
  if (!authSecret) {
    if (value.NODE_ENV === 'production' && value.PUBLIC_URL && !value.PUBLIC_URL.includes('localhost')) {
      throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required when PUBLIC_URL is a public address (NO_SECRET)');
    }
    authSecret = DEV_AUTH_SECRET;
    warnings.push('AUTH_SECRET is not set: using a development secret. Set AUTH_SECRET before going live.');
  }
  return { config: { ...value, TOKEN_KEY: tokenKey, AUTH_SECRET: authSecret }, warnings };
}

export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Configuration for tests: in-memory database, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', TOKEN_KEY: 'test-token-key-0123456789' });
  return { ...config, ...overrides };
}
