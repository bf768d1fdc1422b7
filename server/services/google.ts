import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const keySets = new Map<string, JWTVerifyGetKey>();

/** One cached key set per address: jose refreshes it when a token names a key it has not seen. */
function keySet(url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * Verifies a Google ID token (the credential of Google's sign-in button): signature against the
 * key set at `jwksUrl`, issuer Google, audience our client id, not expired, email verified. Email and
 * name are taken from the verified token only. Null when any of that fails.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  opts: { clientId: string; jwksUrl: string },
): Promise<GoogleIdentity | null> {
  try {
    const { payload } = await jwtVerify(idToken, keySet(opts.jwksUrl), {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: opts.clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
    });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!payload.sub || !email || !verified) return null;
    const name = typeof payload.name === 'string' ? payload.name.slice(0, 100) : '';
    return { sub: payload.sub, email, name };
  } catch {
    return null;
  }
}
