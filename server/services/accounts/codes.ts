// Codes to an email address or phone, and what a checked code opens: a new account (sign-up) or a new password (reset).
import { eq } from 'drizzle-orm';
import { MSG } from '../../../contract/account.ts';
import { DomainError } from '../../lib/errors.ts';
import { rateLimits, users } from '../../db/schema.ts';
import { deliverCode } from '../code-delivery.ts';
import {
  consumeVerificationToken,
  issueOtp,
  issueVerificationToken,
  OTP_RULES,
  OtpRefused,
  peekVerificationToken,
  verifyOtp,
  withdrawOtp,
  type OtpPurpose,
} from '../otp.ts';
import { hashPassword } from '../passwords.ts';
import { hashAddress, hitRateLimit } from '../rate-limit.ts';
import { SmsRefused } from '../sms.ts';
import { MESSAGES } from './messages.ts';
import { accountKey, revokeUserSessions } from './sign-in.ts';
import { findUser, type AccountContext, type Identifier } from './users.ts';

/** Sends a sign-up or reset code to an email address or phone. */
export async function sendCode(
  ctx: AccountContext,
  purpose: OtpPurpose,
  id: Identifier,
  ip: string,
  log?: { warn(obj: object, msg?: string): void },
) {
  // Said at the first step, before anything is looked up or counted: no code could reach a phone.
  if (id.kind === 'phone' && !ctx.sms) throw new DomainError('invalid', MESSAGES.phoneCodesOff);
  // The limit comes before any look-up: whether an account exists is an answer, and answers are limited.
  const perAddress = await hitRateLimit(ctx.db, `otp-ip:${hashAddress(ip, ctx.config.AUTH_SECRET)}`, {
    limit: ctx.config.CODES_PER_ADDRESS_HOUR,
    windowMs: 3_600_000,
  });
  if (!perAddress.allowed)
    throw new DomainError(
      'too_many',
      'Too many codes were asked for from your network. Please try again later.',
      null,
      perAddress.retryAfter,
    );
  const user = await findUser(ctx.db, id);
  if (purpose === 'signup' && user?.passwordHash) throw new DomainError('conflict', MESSAGES.alreadyRegistered);
  if (purpose === 'reset' && !user) throw new DomainError('not_found', MSG.idNotFound);
  let code: string;
  try {
    ({ code } = await issueOtp(ctx.db, ctx.config.AUTH_SECRET, purpose, id.value));
  } catch (err) {
    if (err instanceof OtpRefused) throw new DomainError('too_many', err.message, null, err.retryAfter);
    throw err;
  }
  try {
    await deliverCode(ctx, id, purpose, code);
  } catch (err) {
    if (!(err instanceof SmsRefused)) throw err;
    // The code never left: take it back so the traveller may ask again at once.
    await withdrawOtp(ctx.db, ctx.config.AUTH_SECRET, purpose, id.value, code);
    log?.warn({ sms: { provider: ctx.sms?.name, reason: err.reason, detail: err.message } }, 'text message not sent');
    if (err.reason === 'number') throw new DomainError('invalid', MESSAGES.smsNumberRefused(id.value));
    throw new DomainError('unavailable', MESSAGES.smsUnavailable);
  }
  return { sentTo: id.value, channel: id.kind, resendAfterSeconds: OTP_RULES.resendAfterMs / 1000 };
}

/** Checks a code; the answer is a one-use token for the next step. */
export async function checkCode(ctx: AccountContext, purpose: OtpPurpose, id: Identifier, code: string, ip: string) {
  const perAddress = await hitRateLimit(ctx.db, `otp-check-ip:${hashAddress(ip, ctx.config.AUTH_SECRET)}`, {
    limit: ctx.config.CODES_PER_ADDRESS_HOUR,
    windowMs: 3_600_000,
  });
  if (!perAddress.allowed)
    throw new DomainError(
      'too_many',
      'Too many codes were tried from your network. Please try again later.',
      null,
      perAddress.retryAfter,
    );
  if (purpose === 'reset' && !(await findUser(ctx.db, id))) throw new DomainError('not_found', MSG.idNotFound);
  if (!(await verifyOtp(ctx.db, ctx.config.AUTH_SECRET, purpose, id.value, code)))
    throw new DomainError('invalid', MSG.otpWrong);
  return issueVerificationToken(ctx.db, purpose, id.value);
}

function identifierOf(value: string): Identifier {
  return value.includes('@') ? { kind: 'email', value } : { kind: 'phone', value };
}

/** Sign-up's last step: the verified identifier gets its account. */
export async function createAccount(ctx: AccountContext, token: string, password: string, confirm: string) {
  if (password !== confirm) throw new DomainError('invalid', MSG.passwordsDiffer);
  if (!(await peekVerificationToken(ctx.db, 'signup', token)))
    throw new DomainError('invalid', MESSAGES.verificationExpired);
  const passwordHash = await hashPassword(password);
  const value = await consumeVerificationToken(ctx.db, 'signup', token);
  if (!value) throw new DomainError('invalid', MESSAGES.verificationExpired);
  const id = identifierOf(value);
  const existing = await findUser(ctx.db, id);
  if (existing?.passwordHash) throw new DomainError('conflict', MESSAGES.alreadyRegistered);
  if (existing) {
    // An account made by Google sign-in gets its password here.
    await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    return { userId: existing.id };
  }
  const [user] = await ctx.db
    .insert(users)
    .values({ ...(id.kind === 'email' ? { email: id.value } : { phone: id.value }), passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) throw new DomainError('conflict', MESSAGES.alreadyRegistered);
  return { userId: user.id };
}

/** Reset's last step: a new password, every earlier sign-in ended, the lock lifted. */
export async function resetPassword(ctx: AccountContext, token: string, password: string, confirm: string) {
  if (password !== confirm) throw new DomainError('invalid', MSG.passwordsDiffer);
  if (!(await peekVerificationToken(ctx.db, 'reset', token)))
    throw new DomainError('invalid', MESSAGES.verificationExpired);
  const passwordHash = await hashPassword(password);
  const value = await consumeVerificationToken(ctx.db, 'reset', token);
  if (!value) throw new DomainError('invalid', MESSAGES.verificationExpired);
  const user = await findUser(ctx.db, identifierOf(value));
  if (!user) throw new DomainError('not_found', MSG.idNotFound);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.db, user.id);
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, accountKey(user.id)));
}
