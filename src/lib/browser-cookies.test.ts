import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from './browser-cookies.ts';

/** A document whose cookie jar counts how often it is read. */
function fakeDocument() {
  const jar = new Map<string, string>([['guest_id', 'abcdef12-3456']]);
  const stats = { reads: 0 };
  const doc = {
    get cookie() {
      stats.reads++;
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split('; ');
      const [k, v] = pair!.split('=') as [string, string];
      if (attrs.some((a) => a.startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now())) jar.delete(k);
      else jar.set(k, v);
    },
  };
  return { doc, stats };
}

describe('browser cookies', () => {
  let stats: { reads: number };
  beforeEach(() => {
    const fake = fakeDocument();
    stats = fake.stats;
    Object.assign(globalThis, { document: fake.doc, location: { protocol: 'http:' } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
    Reflect.deleteProperty(globalThis, 'location');
  });

  it('reads document.cookie once per task, however many ask', async () => {
    await Promise.resolve();
    expect(getCookie('guest_id')).toBe('abcdef12-3456');
    expect(getCookie('NHauth_token')).toBeUndefined();
    expect(getCookie('guest_id')).toBe('abcdef12-3456');
    expect(stats.reads).toBe(1);
    await Promise.resolve();
    getCookie('guest_id');
    expect(stats.reads).toBe(2);
  });

  it('reads afresh after a write in the same task', async () => {
    await Promise.resolve();
    expect(getCookie('user_id')).toBeUndefined();
    setCookie('user_id', '42', 7);
    expect(getCookie('user_id')).toBe('42');
    removeCookie('user_id');
    expect(getCookie('user_id')).toBeUndefined();
  });
});
