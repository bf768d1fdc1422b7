import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, sessionClaim, type SessionClaim } from '../services/sessions.ts';
import type { Owner } from '../services/cart/read.ts';
import { MSG } from '../../contract/account.ts';
import { invalid, unauthorized } from './errors.ts';

export const TOKEN_EXPIRED = 'Token expired. please log in again';

/** The bearer token of a request: the Authorization header, else the spec's Token query parameter. */
export function requestToken(request: FastifyRequest, params: { Token?: string }): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return bearer || params.Token || undefined;
}

/**
 * Whose cart or booking a request speaks for: the signed-in traveller when a token is sent (and it
 * must then be valid), otherwise the guest named by tempUserId.
 */
export async function resolveOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  params: { Token?: string; tempUserId?: string },
): Promise<Owner> {
  const token = requestToken(request, params);
  if (token) {
    const user = await authenticate(app.db, app.config, token);
    if (!user) throw unauthorized(TOKEN_EXPIRED);
    return `user:${user.userId}`;
  }
  if (params.tempUserId) return `guest:${params.tempUserId}`;
  throw invalid('tempUserId is required for a guest; sign in to use your own cart.');
}

/**
 * resolveOwner for a call that checks the session in its own first statement (liveSession): the
 * owner the token claims, with the claim that statement must find live (else the call answers
 * TOKEN_EXPIRED before anything else). A token we never issued is refused here, as resolveOwner
 * refuses it; a guest has no claim.
 */
export function claimOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  params: { Token?: string; tempUserId?: string },
): { owner: Owner; session: SessionClaim | null } {
  const token = requestToken(request, params);
  if (token) {
    const session = sessionClaim(app.config, token);
    if (!session) throw unauthorized(TOKEN_EXPIRED);
    return { owner: `user:${session.userId}`, session };
  }
  if (params.tempUserId) return { owner: `guest:${params.tempUserId}`, session: null };
  throw invalid('tempUserId is required for a guest; sign in to use your own cart.');
}

/** Refuses a call whose first statement found its session claim not live (see claimOwner). */
export function sessionExpired(): never {
  throw unauthorized(TOKEN_EXPIRED);
}

/** The Idempotency-Key header, checked. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = String(raw);
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key))
    throw invalid('Idempotency-Key must be 8 to 100 letters, digits or - _ . :');
  return key;
}

/**
 * The signed-in traveller behind a request: the bearer header or the call's token parameter. No
 * token at all and a token we do not honour (altered, expired, revoked, unknown) are told apart.
 */
export async function signedIn(app: FastifyInstance, request: FastifyRequest, tokenParam: string | undefined) {
  const token = requestToken(request, { Token: tokenParam });
  if (!token) throw unauthorized(MSG.tokenNotFound);
  const user = await authenticate(app.db, app.config, token);
  if (!user) throw unauthorized(MSG.tokenExpired);
  return { userId: user.userId, token };
}
