import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/** The four parts of the spec's login token: user id, email, login timestamp, URL-encoded name. */
export interface LoginTokenParts {
  userId: string;
  email: string;
  /** yyyymmddhhmm (UTC) */
  loginDate: string;
  name: string;
}

/** Decrypts the token (AES-CBC, crypto-js format) with the public token key; null when it is not one. */
export function readLoginToken(token: string, key: string): LoginTokenParts | null {
  try {
    const plain = AES.decrypt(token, key).toString(Utf8);
    const parts = plain.split('||');
    if (parts.length !== 4) return null;
    const [userId, email, loginDate, name] = parts as [string, string, string, string];
    if (!/^\d+$/.test(userId) || !/^\d{12}$/.test(loginDate)) return null;
    return { userId, email, loginDate, name: decodeURIComponent(name) };
  } catch {
    return null;
  }
}

/** yyyymmddhhmm → yyyy-mm-dd hh:mm */
export function prettyLoginDate(stamp: string): string {
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}`;
}
