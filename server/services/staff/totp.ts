import { Secret, TOTP } from 'otpauth';

/** RFC 6238: SHA-1, six digits, 30-second steps (what every authenticator app reads). */
const PERIOD = 30;
const ISSUER = 'Wanderlust Holidays';

function totpFor(secret: string, label = 'staff') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, email: string) => totpFor(secret, email).toString();

/**
 * The time step a code belongs to, when it is right now (one step either side allowed, for a
 * phone's clock a little off); null when it is wrong or expired. The caller refuses a step not
 * newer than the last one accepted: each code is accepted once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}
