import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working development defaults, and says which ones it used', () => {
    const { config, warnings } = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/TOKEN_KEY is not set/);
  });
  it('stops with a message naming the bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ GTM_ID_IN: 'UA-1' })).toThrow(/GTM_ID_IN/);
  });
  it('requires a real TOKEN_KEY on a public address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).toThrow(/TOKEN_KEY/);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', TOKEN_KEY: 'a-long-enough-secret-key', AUTH_SECRET: 'x'.repeat(32) }).warnings).not.toContainEqual(expect.stringMatching(/TOKEN_KEY/));
  });
  it('requires an AUTH_SECRET (never sent to browsers) on a public address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com', TOKEN_KEY: 'a-long-enough-secret-key' })).toThrow(/AUTH_SECRET.*NO_SECRET/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({}).warnings.join('\n')).toMatch(/AUTH_SECRET is not set/);
  });
});
