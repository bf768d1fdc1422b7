import CryptoJS from 'crypto-js';

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

/** The four parts, or null when the token is not one of ours (wrong key, edited, truncated). */
export function decryptLoginToken(token: string, key: string): TokenParts | null {
  try {
    const plain = CryptoJS.AES.decrypt(token, key).toString(CryptoJS.enc.Utf8);
    const parts = plain.split('||');
    if (parts.length !== 4) return null;
    const [id, email, loginDate, name] = parts as [string, string, string, string];
    if (!/^\d+$/.test(id) || !/^\d{12}$/.test(loginDate)) return null;
    return { userId: Number(id), email, loginDate, name: decodeURIComponent(name) };
  } catch {
    return null;
  }
}
