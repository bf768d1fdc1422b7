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
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', TOKEN_KEY: 'a-long-enough-secret-key' }).warnings).not.toContainEqual(expect.stringMatching(/TOKEN_KEY/));
  });
});
