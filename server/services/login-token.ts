import CryptoJS from 'crypto-js';
import { createDecipheriv, createHash } from 'node:crypto';
import { BoundedCache } from '../lib/bounded-cache.ts';

/**
 * The spec's login token: AES-CBC in crypto-js's (OpenSSL-compatible) format over
 * `userId||email||yyyymmddhhmm||urlEncodedName`. The client decrypts it to read the four parts, so
 * the key is not a secret that protects anything: the session row does (see sessions.ts).
 */
export interface TokenParts {
  userId: number;
  email: string;
  /** yyyymmddhhmm, UTC */
  loginDate: string;
  name: string;
}

export function loginStamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}`;
}

export function encryptLoginToken(parts: TokenParts, key: string): string {
  const plain = [String(parts.userId), parts.email, parts.loginDate, encodeURIComponent(parts.name)].join('||');
  return CryptoJS.AES.encrypt(plain, key).toString();
}

const SALTED = Buffer.from('Salted__');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * crypto-js's AES.decrypt with a passphrase, by node:crypto: the token is base64 of `Salted__`, an
 * 8-byte salt and the AES-256-CBC ciphertext, whose key and IV come from OpenSSL's EVP_BytesToKey
 * (MD5, one round) over the passphrase and the salt. Every signed-in call decrypts its token, and
 * crypto-js's pure-JavaScript cipher cost each call milliseconds under load (the flash-sale bench).
 */
function decryptOpenSsl(token: string, passphrase: string): string {
  const raw = Buffer.from(token, 'base64');
  if (raw.length < 32 || !raw.subarray(0, 8).equals(SALTED)) throw new Error('not an OpenSSL-salted ciphertext');
  const salt = raw.subarray(8, 16);
  const pass = Buffer.from(passphrase, 'utf8');
  const blocks: Buffer[] = [];
  let prev = Buffer.alloc(0);
  while (blocks.length * 16 < 48) {
    prev = createHash('md5')
      .update(Buffer.concat([prev, pass, salt]))
      .digest();
    blocks.push(prev);
  }
  const keyIv = Buffer.concat(blocks);
  const decipher = createDecipheriv('aes-256-cbc', keyIv.subarray(0, 32), keyIv.subarray(32, 48));
  return strictUtf8.decode(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]));
}

/**
 * Tokens decrypted lately (a token always decrypts to the same parts): a traveller's calls after the
 * first skip the key derivation and the cipher. Only tokens that decrypt are kept, LRU within 1 MB.
 */
const decrypted = new BoundedCache<TokenParts>({ maxBytes: 1_000_000, ttlMs: 15 * 60_000 });

/** The four parts, or null when the token is not one of ours (wrong key, edited, truncated). */
export function decryptLoginToken(token: string, key: string): TokenParts | null {
  const cacheKey = `${key}\n${token}`;
  const known = decrypted.get(cacheKey);
  if (known) return known;
  const parts = decryptParts(token, key);
  if (parts) decrypted.set(cacheKey, parts, 2 * cacheKey.length + 2 * (parts.email.length + parts.name.length) + 100);
  return parts;
}

function decryptParts(token: string, key: string): TokenParts | null {
  try {
    const plain = decryptOpenSsl(token, key);
    const parts = plain.split('||');
    if (parts.length !== 4) return null;
    const [id, email, loginDate, name] = parts as [string, string, string, string];
    if (!/^\d+$/.test(id) || !/^\d{12}$/.test(loginDate)) return null;
    return Object.freeze({ userId: Number(id), email, loginDate, name: decodeURIComponent(name) });
  } catch {
    return null;
  }
}
