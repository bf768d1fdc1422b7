import { describe, expect, it } from 'vitest';
import { safeCallbackUrl } from '../../src/features/account/auth-client.ts';
import { recordFailedLogin, storeLogin } from '../../src/features/account/session-cookies.ts';
import { clearLogin, type Jar } from '../../src/features/account/session-jar.ts';
import { prettyLoginDate, readLoginToken } from '../../src/features/account/token-parts.ts';
import { testConfig } from '../../server/config.ts';
import { contentSecurityPolicy } from '../../server/lib/csp.ts';
import { encryptLoginToken } from '../../server/services/login-token.ts';

const KEY = 'test-token-key-0123456789';

function mapJar() {
  const values = new Map<string, { value: string; expires: Date | number }>();
  const jar: Jar = {
    get: (n) => values.get(n)?.value,
    set: (n, value, expires) => void values.set(n, { value, expires }),
    remove: (n) => void values.delete(n),
  };
  return { jar, values };
}

describe('the client reads the server’s login token', () => {
  const token = encryptLoginToken(
    { userId: 42, email: 'asha@example.com', loginDate: '202605011430', name: 'Asha Rao & Co' },
    KEY,
  );

  it('decrypts the four parts with crypto-js', () => {
    expect(readLoginToken(token, KEY)).toEqual({
      userId: '42',
      email: 'asha@example.com',
      loginDate: '202605011430',
      name: 'Asha Rao & Co',
    });
    expect(readLoginToken(token, 'another-key-entirely-000')).toBeNull();
    expect(readLoginToken('garbage', KEY)).toBeNull();
    expect(prettyLoginDate('202605011430')).toBe('2026-05-01 14:30');
  });

  it('stores the spec’s cookies and counts logins; failures count separately; sign-out keeps counters', () => {
    const { jar, values } = mapJar();
    const expiresAt = '2026-06-01T00:00:00.000Z';
    storeLogin(token, { tokenKey: KEY, expiresAt }, jar);
    expect(Object.fromEntries([...values].map(([k, v]) => [k, v.value]))).toEqual({
      NHauth_token: token,
      user_id: '42',
      user_email: 'asha@example.com',
      login_date: '202605011430',
      login_date_pretty: '2026-05-01 14:30',
      user_name: 'Asha Rao & Co',
      login_count: '1',
    });
    expect(values.get('NHauth_token')!.expires).toEqual(new Date(expiresAt));
    storeLogin(token, { tokenKey: KEY, expiresAt }, jar);
    expect(jar.get('login_count')).toBe('2');
    expect(recordFailedLogin(jar)).toBe(1);
    jar.set('failed_login_count', 'not a number', 1);
    expect(recordFailedLogin(jar)).toBe(1);
    clearLogin(jar);
    expect([...values.keys()].sort()).toEqual(['failed_login_count', 'login_count']);
  });

  it('refuses to store a token it cannot read', () => {
    const { jar, values } = mapJar();
    expect(() => storeLogin('edited', { tokenKey: KEY, expiresAt: new Date() }, jar)).toThrow();
    expect(values.size).toBe(0);
  });
});

describe('after sign-in, only a path on this site is followed', () => {
  it.each([
    ['/in/account', '/in/account'],
    ['//evil.example.com', '/account'],
    ['/\\evil.example.com', '/account'],
    ['https://evil.example.com/', '/account'],
    [null, '/account'],
  ])('%s → %s', (raw, expected) => expect(safeCallbackUrl(raw, '/account')).toBe(expected));
});

describe('content security policy for Google sign-in', () => {
  it('allows Google’s sign-in script, frame and styles only when GOOGLE_CLIENT_ID is set', () => {
    const off = contentSecurityPolicy(testConfig());
    expect(JSON.stringify(off)).not.toContain('accounts.google.com');
    const on = contentSecurityPolicy(testConfig({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' }));
    expect(on.scriptSrc).toContain('https://accounts.google.com/gsi/client');
    expect(on.frameSrc).toContain('https://accounts.google.com/gsi/');
    expect(on.styleSrc).toContain('https://accounts.google.com/gsi/style');
    expect(on.connectSrc).toContain('https://accounts.google.com/gsi/');
  });
});
