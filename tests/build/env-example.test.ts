import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, envSchema } from '../../server/config.ts';
import { SETTING_MEANINGS } from '../../server/config-meanings.ts';
import { defaultOf, ENV_EXAMPLE, envExample } from '../../scripts/env-example.ts';

/** .env.example: every setting of the configuration schema, its default and one line of meaning. */
describe('.env.example', () => {
  const file = readFileSync(ENV_EXAMPLE, 'utf8');
  const settings = Object.keys(envSchema.shape);

  it('names every setting of the configuration schema, with its default', () => {
    expect(settings.length).toBeGreaterThan(40);
    const missing = settings.filter((name) => !new RegExp(`^# ${name}=`, 'm').test(file));
    expect(missing, 'settings missing from .env.example: run npm run env:example').toEqual([]);
    // The defaults written are the ones the server takes when the setting is unset.
    const { config } = loadConfig({ NODE_ENV: 'production' });
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'SESSION_DAYS',
      'PAYMENT_WINDOW_MINUTES',
      'LOG_LEVEL',
      'PHONE_SIGN_IN',
      'WEB_CONCURRENCY',
    ]) {
      const written = new RegExp(`^# ${name}=(.*)$`, 'm').exec(file)?.[1];
      expect(written, name).toBe(String(config[name as keyof typeof config]));
    }
    expect(file).toMatch(/^# SMTP_FROM='Wanderlust Holidays <no-reply@localhost>'$/m);
    expect(file).toMatch(/^# DATABASE_URL=$/m);
  });

  it('gives each setting one line of meaning', () => {
    expect(
      settings.filter((name) => !SETTING_MEANINGS[name]),
      'add them to server/config-meanings.ts',
    ).toEqual([]);
    expect(
      Object.keys(SETTING_MEANINGS).filter((name) => !settings.includes(name)),
      'meanings of settings the schema no longer has',
    ).toEqual([]);
    for (const name of settings) {
      expect(SETTING_MEANINGS[name], name).not.toMatch(/\n/);
      expect(file).toContain(`# ${name}: ${SETTING_MEANINGS[name]}\n# ${name}=`);
    }
  });

  it('is what npm run env:example writes from the schema today (a changed default or meaning fails here)', () => {
    expect(file).toBe(envExample());
    expect(defaultOf(envSchema.shape.PORT)).toBe(8080);
    expect(defaultOf(envSchema.shape.WEB_CONCURRENCY)).toBe(1);
    expect(defaultOf(envSchema.shape.DATABASE_URL)).toBeUndefined();
  });
});
