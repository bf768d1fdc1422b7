import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

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
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  /** Server processes sharing the port (node:cluster): a number, or `auto` for one per core. */
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], { message: 'WEB_CONCURRENCY must be a number of processes from 1 to 64, or auto' })
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
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TEMP_BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
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
  if (value.WEB_CONCURRENCY > 1 && !value.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${value.WEB_CONCURRENCY} processes need DATABASE_URL (a Postgres server they share); the embedded database serves one process`,
    );
  }
  let tokenKey = value.TOKEN_KEY;
  if (!tokenKey) {
    if (value.NODE_ENV === 'production' && value.PUBLIC_URL && !value.PUBLIC_URL.includes('localhost')) {
      throw new ConfigError('Invalid configuration:\n  TOKEN_KEY: required when PUBLIC_URL is a public address');
    }
    tokenKey = DEV_TOKEN_KEY;
    warnings.push('TOKEN_KEY is not set: using a development key. Set TOKEN_KEY before going live.');
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
