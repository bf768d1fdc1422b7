import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { decryptLoginToken, encryptLoginToken } from './login-token.ts';

// The server reads the spec's crypto-js login token with node:crypto (faster under load): it must
// read exactly what crypto-js writes, and refuse what is not one of ours.
const KEY = 'login-token-test-key';
const parts = { userId: 4217, email: 'zoë@example.com', loginDate: '202611260305', name: 'Zoë O’Brien & Co || more' };

describe('login tokens decrypted by node:crypto', () => {
  it('reads every token crypto-js encrypts, under any key, and what crypto-js reads from it', () => {
    for (let i = 0; i < 50; i++) {
      const key = `${KEY}-${i}-ключ`;
      const token = encryptLoginToken({ ...parts, userId: i + 1 }, key);
      expect(decryptLoginToken(token, key)).toEqual({ ...parts, userId: i + 1 });
      const byCryptoJs = CryptoJS.AES.decrypt(token, key).toString(CryptoJS.enc.Utf8).split('||');
      expect(Number(byCryptoJs[0])).toBe(i + 1);
    }
  });

  it('refuses a wrong key, an edited or truncated token, and what is no token at all', () => {
    const token = encryptLoginToken(parts, KEY);
    expect(decryptLoginToken(token, 'another key')).toBeNull();
    expect(decryptLoginToken(token.slice(0, -8), KEY)).toBeNull();
    const i = Math.floor(token.length / 2);
    expect(decryptLoginToken(token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1), KEY)).toBeNull();
    expect(decryptLoginToken('not-a-token', KEY)).toBeNull();
    expect(decryptLoginToken('', KEY)).toBeNull();
    // The right cipher over text that is not the four parts.
    expect(decryptLoginToken(CryptoJS.AES.encrypt('12||a@b.c', KEY).toString(), KEY)).toBeNull();
    expect(decryptLoginToken(CryptoJS.AES.encrypt('x||a@b.c||202611260305||n', KEY).toString(), KEY)).toBeNull();
  });

  it('answers a token read before from memory, the same parts, and not under another key', () => {
    const token = encryptLoginToken(parts, KEY);
    const first = decryptLoginToken(token, KEY);
    expect(decryptLoginToken(token, KEY)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(decryptLoginToken(token, `${KEY}!`)).toBeNull();
  });
});
