import { describe, expect, it } from 'vitest';
import { ensureGuestId, readIdentity, type CookieJar } from './identity.ts';

function jar(initial: Record<string, string> = {}) {
  const store = new Map(Object.entries(initial));
  const writes: { name: string; value: string; expires?: number }[] = [];
  const j: CookieJar = {
    get: (n) => store.get(n),
    set: (n, v, o) => {
      store.set(n, v);
      writes.push({ name: n, value: v, expires: o?.expires });
    },
  };
  return { j, writes };
}

describe('identity', () => {
  it('is signed in only with both NHauth_token and user_id', () => {
    expect(readIdentity(jar({ NHauth_token: 't', user_id: '12' }).j)).toEqual({
      kind: 'user',
      token: 't',
      userId: '12',
    });
    expect(readIdentity(jar({ NHauth_token: 't' }).j).kind).toBe('guest');
    expect(readIdentity(jar({ user_id: '12' }).j).kind).toBe('guest');
  });
  it('creates a guest id once, for 7 days, and reuses it', () => {
    const { j, writes } = jar();
    const first = ensureGuestId(j, () => 'guest-0000-1111');
    const second = ensureGuestId(j, () => 'guest-2222-3333');
    expect(first).toBe('guest-0000-1111');
    expect(second).toBe(first);
    expect(writes).toEqual([{ name: 'guest_id', value: 'guest-0000-1111', expires: 7 }]);
  });
  it('replaces a guest id that is not one of ours', () => {
    const { j } = jar({ guest_id: '<script>' });
    expect(ensureGuestId(j, () => 'guest-4444-5555')).toBe('guest-4444-5555');
  });
});
