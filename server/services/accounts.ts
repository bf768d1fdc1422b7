import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, MSG, type IdentifierKind, type PersonalDetails, type Profile } from '../../contract/account.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../lib/errors.ts';
import { cities, countries, files, rateLimits, sessions, states, users } from '../db/schema.ts';
import { deliverCode } from './code-delivery.ts';
import type { GoogleIdentity } from './google.ts';
import type { Mailer } from './mail.ts';
import { consumeVerificationToken, issueOtp, issueVerificationToken, OTP_RULES, OtpRefused, peekVerificationToken, verifyOtp, withdrawOtp, type OtpPurpose } from './otp.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { claimAttempt, hashAddress, hitRateLimit, refundAttempt, type ThrottleRule } from './rate-limit.ts';
import { createSession, hashToken } from './sessions.ts';
import { SmsRefused, type SmsProvider } from './sms.ts';

export interface AccountContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Null when no SMS provider is configured or PHONE_SIGN_IN=off: codes go to email addresses only. */
  sms: SmsProvider | null;
}

export interface Identifier {
  kind: IdentifierKind;
  value: string;
}

/**
 * Sign-in attempts, each counted before the password is compared (docs/decisions/0030). Per account,
 * from any address: a few tries, then a wait that doubles from a second up to a minute, so guessing
 * is slow but the owner is never locked out for long by someone who knows the address. Per client
 * address, whichever accounts it names: 30 tries, then 15 minutes.
 */
export const LOGIN_LIMITS = {
  account: { free: 5, baseDelayMs: 1000, maxDelayMs: 60_000, quietMs: 15 * 60_000 },
  address: { free: 30, baseDelayMs: 15 * 60_000, maxDelayMs: 15 * 60_000, quietMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;


export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  alreadyRegistered: 'This email or mobile number is already registered. Please log in.',
  verificationExpired: 'Your code has expired. Please start again.',
  invalidLogin: 'Invalid email/mobile or password.',
  tooManyLogins: (seconds: number) =>
    `Too many failed attempts. Please try again in ${seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`} or reset your password.`,
  samePassword: 'Choose a new password that differs from the old one.',
  noPassword: 'Your account signs in with Google and has no password yet. Use Forgot password to set one.',
  onlyYours: 'You can only see your own details.',
  googleNotConfigured: 'Google sign-in is not configured.',
  googleInvalid: 'We could not verify your Google sign-in. Please try again.',
  phoneCodesOff: 'We cannot send codes to mobile numbers. Please use your email address instead.',
  smsNumberRefused: (to: string) => `We could not send a text message to ${to}. Check the number, or use your email address instead.`,
  smsUnavailable: 'We cannot send text messages right now. Please try again later, or use your email address instead.',
} as const;

const column = (id: Identifier) => (id.kind === 'email' ? users.email : users.phone);

async function findUser(db: Db, id: Identifier) {
  const [user] = await db.select().from(users).where(eq(column(id), id.value)).limit(1);
  return user ?? null;
}

function displayName(u: { name: string; firstName: string | null; lastName: string | null }) {
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.name;
}

// ---------- codes ----------

/** Sends a sign-up or reset code to an email address or phone. */
export async function sendCode(ctx: AccountContext, purpose: OtpPurpose, id: Identifier, ip: string, log?: { warn(obj: object, msg?: string): void }) {
  // Said at the first step, before anything is looked up or counted: no code could reach a phone.
  if (id.kind === 'phone' && !ctx.sms) throw new DomainError('invalid', MESSAGES.phoneCodesOff);
  // The limit comes before any look-up: whether an account exists is an answer, and answers are limited.
  const perAddress = await hitRateLimit(ctx.db, `otp-ip:${hashAddress(ip, ctx.config.AUTH_SECRET)}`, { limit: ctx.config.CODES_PER_ADDRESS_HOUR, windowMs: 3_600_000 });
  if (!perAddress.allowed) throw new DomainError('too_many', 'Too many codes were asked for from your network. Please try again later.', null, perAddress.retryAfter);
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
  const perAddress = await hitRateLimit(ctx.db, `otp-check-ip:${hashAddress(ip, ctx.config.AUTH_SECRET)}`, { limit: ctx.config.CODES_PER_ADDRESS_HOUR, windowMs: 3_600_000 });
  if (!perAddress.allowed) throw new DomainError('too_many', 'Too many codes were tried from your network. Please try again later.', null, perAddress.retryAfter);
  if (purpose === 'reset' && !(await findUser(ctx.db, id))) throw new DomainError('not_found', MSG.idNotFound);
  if (!(await verifyOtp(ctx.db, ctx.config.AUTH_SECRET, purpose, id.value, code))) throw new DomainError('invalid', MSG.otpWrong);
  return issueVerificationToken(ctx.db, purpose, id.value);
}

function identifierOf(value: string): Identifier {
  return value.includes('@') ? { kind: 'email', value } : { kind: 'phone', value };
}

/** Sign-up's last step: the verified identifier gets its account. */
export async function createAccount(ctx: AccountContext, token: string, password: string, confirm: string) {
  if (password !== confirm) throw new DomainError('invalid', MSG.passwordsDiffer);
  if (!(await peekVerificationToken(ctx.db, 'signup', token))) throw new DomainError('invalid', MESSAGES.verificationExpired);
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
  if (!(await peekVerificationToken(ctx.db, 'reset', token))) throw new DomainError('invalid', MESSAGES.verificationExpired);
  const passwordHash = await hashPassword(password);
  const value = await consumeVerificationToken(ctx.db, 'reset', token);
  if (!value) throw new DomainError('invalid', MESSAGES.verificationExpired);
  const user = await findUser(ctx.db, identifierOf(value));
  if (!user) throw new DomainError('not_found', MSG.idNotFound);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.db, user.id);
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, accountKey(user.id)));
}

// ---------- sessions ----------

export async function revokeUserSessions(db: Db, userId: number, keepToken?: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined));
}

const accountKey = (userId: number | string) => `login-fail:user:${userId}`;
export const addressKey = (ip: string, secret: string) => `login-fail:ip:${hashAddress(ip, secret)}`;

/** Counts a sign-in attempt against each key in turn before the password is looked at; refuses when one says wait. */
export async function claimSignInAttempt(db: Db, claims: { key: string; rule: ThrottleRule }[], now: Date) {
  for (const { key, rule } of claims) {
    const claim = await claimAttempt(db, key, rule, now);
    if (!claim.allowed) throw new DomainError('too_many', MESSAGES.tooManyLogins(claim.retryAfter), null, claim.retryAfter);
  }
}

/**
 * The password checked after its attempts were claimed (claimSignInAttempt). A check that could not
 * run (too many sign-ins waiting to be hashed, decision 0092) gives the attempts back: a traveller
 * asked to try again in a few seconds has not failed one, and is not locked out for it.
 */
export async function verifyClaimed(db: Db, claimed: string[], password: string, stored: string | null | undefined): Promise<boolean> {
  try {
    return await verifyPassword(password, stored);
  } catch (err) {
    for (const key of claimed) await refundAttempt(db, key);
    throw err;
  }
}

/** Email or phone and password: a login token, within the attempt limits per account and address. */
export async function login(ctx: AccountContext, id: Identifier, password: string, ip: string, now = new Date()) {
  const user = await findUser(ctx.db, id);
  // Unknown accounts are counted under their identifier, so probing them is limited as well.
  const acct = user ? accountKey(user.id) : `login-fail:id:${id.value}`;
  const addr = addressKey(ip, ctx.config.AUTH_SECRET);
  // The address first: an address that must wait does not add to the account's wait.
  await claimSignInAttempt(ctx.db, [{ key: addr, rule: LOGIN_LIMITS.address }, { key: acct, rule: LOGIN_LIMITS.account }], now);
  const ok = await verifyClaimed(ctx.db, [addr, acct], password, user?.passwordHash);
  if (!user || !ok) throw new DomainError('unauthorized', MESSAGES.invalidLogin);
  // The right password: the account starts afresh, and the address's attempt was no failure.
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, acct));
  await refundAttempt(ctx.db, addr);
  return createSession(ctx.db, ctx.config, { id: user.id, email: user.email ?? '', name: displayName(user) }, now);
}

/** A verified Google identity signs in to its account (found by Google id, then by email) or a new one. */
export async function loginWithGoogle(ctx: AccountContext, google: GoogleIdentity) {
  const [found] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.googleSub, google.sub), eq(users.email, google.email)))
    .limit(2);
  let user = found;
  if (user && !user.googleSub) {
    await ctx.db.update(users).set({ googleSub: google.sub }).where(eq(users.id, user.id));
  }
  if (!user) {
    [user] = await ctx.db.insert(users).values({ email: google.email, name: google.name, googleSub: google.sub }).returning();
  }
  return createSession(ctx.db, ctx.config, { id: user!.id, email: user!.email ?? google.email, name: displayName(user!) || google.name });
}

export async function changePassword(ctx: AccountContext, userId: number, currentToken: string, old: string, next: string, confirm: string, now = new Date()) {
  if (next !== confirm) throw new DomainError('invalid', MSG.passwordsDiffer);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError('unauthorized', MSG.tokenExpired);
  if (!user.passwordHash) throw new DomainError('invalid', MESSAGES.noPassword);
  await claimSignInAttempt(ctx.db, [{ key: accountKey(userId), rule: LOGIN_LIMITS.account }], now);
  if (!(await verifyPassword(old, user.passwordHash))) throw new DomainError('invalid', MSG.invalidOldPassword);
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, accountKey(userId)));
  if (old === next) throw new DomainError('invalid', MESSAGES.samePassword);
  await ctx.db.update(users).set({ passwordHash: await hashPassword(next) }).where(eq(users.id, userId));
  // Other devices signed in with the old password are signed out; this one stays.
  await revokeUserSessions(ctx.db, userId, currentToken, now);
}

// ---------- profile ----------

export const profileImageUrl = (storedName: string) => `/api/Common/ProfileImage/${storedName}`;

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await db
    .select({ user: users, storedName: files.storedName })
    .from(users)
    .leftJoin(files, eq(files.id, users.imageFileId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new DomainError('unauthorized', MSG.tokenExpired);
  const u = row.user;
  return {
    userId: u.id,
    email: u.email,
    phone: u.phone,
    name: displayName(u),
    title: u.title,
    firstName: u.firstName,
    lastName: u.lastName,
    dob: u.dob,
    countryId: u.countryId,
    stateId: u.stateId,
    cityId: u.cityId,
    imageUrl: row.storedName ? profileImageUrl(row.storedName) : null,
    hasPassword: Boolean(u.passwordHash),
    google: Boolean(u.googleSub),
  };
}

export interface ProfileInput {
  Title: string;
  FirstName: string;
  LastName: string;
  DOB: string;
  CountryId: number;
  StateId: number | null;
  CityId: number;
}

/** Saves the profile after checking that country, state and city exist and belong together. */
export async function updateProfile(db: Db, userId: number, p: ProfileInput): Promise<Profile> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, p.CountryId)).limit(1);
  if (!country) throw new DomainError('invalid', 'Choose your country from the list.');
  const [city] = await db.select({ countryId: cities.countryId, stateId: cities.stateId }).from(cities).where(eq(cities.id, p.CityId)).limit(1);
  if (!city || city.countryId !== p.CountryId) throw new DomainError('invalid', 'Choose a city in your country from the list.');
  let stateId = p.StateId ?? city.stateId;
  if (p.StateId !== null) {
    const [state] = await db.select({ countryId: states.countryId }).from(states).where(eq(states.id, p.StateId)).limit(1);
    if (!state || state.countryId !== p.CountryId) throw new DomainError('invalid', 'Choose a state in your country from the list.');
    if (city.stateId !== null && city.stateId !== p.StateId) throw new DomainError('invalid', 'Choose a city in your state from the list.');
    stateId = p.StateId;
  }
  await db
    .update(users)
    .set({
      title: p.Title,
      firstName: p.FirstName,
      lastName: p.LastName,
      name: `${p.FirstName} ${p.LastName}`,
      dob: p.DOB,
      countryId: p.CountryId,
      stateId,
      cityId: p.CityId,
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** Points the profile at a newly stored image; returns the stored name of the one it replaces. */
export async function setProfileImage(db: Db, userId: number, fileId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileId: users.imageFileId, storedName: files.storedName })
      .from(users)
      .leftJoin(files, eq(files.id, users.imageFileId))
      .where(eq(users.id, userId))
      .limit(1);
    await tx.update(users).set({ imageFileId: fileId }).where(eq(users.id, userId));
    if (before?.fileId) await tx.delete(files).where(eq(files.id, before.fileId));
    return before?.storedName ?? null;
  });
}

/** A profile image by its generated name (only images stored as profile images). */
export async function findProfileImage(db: Db, storedName: string) {
  const [row] = await db
    .select({ storedName: files.storedName, mime: files.mime, size: files.size })
    .from(files)
    .where(and(eq(files.storedName, storedName), eq(files.purpose, 'profile-image')))
    .limit(1);
  return row ?? null;
}

const EMPTY_DETAILS: PersonalDetails = {
  gender: '',
  nationality: '',
  passportNumber: '',
  passportExpiry: '',
  address: '',
  postalCode: '',
  alternatePhone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
};

export async function getPersonalDetails(db: Db, userId: number): Promise<PersonalDetails & { userId: number }> {
  const [row] = await db.select({ details: users.personalDetails }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new DomainError('unauthorized', MSG.tokenExpired);
  const stored = row.details ?? {};
  const details = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof PersonalDetails)[]) {
    if (typeof stored[key] === 'string') details[key] = stored[key];
  }
  return { userId, ...details };
}

export async function savePersonalDetails(db: Db, userId: number, details: PersonalDetails) {
  const clean = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof PersonalDetails)[]) clean[key] = details[key] ?? '';
  clean.passportNumber = clean.passportNumber.toUpperCase();
  await db.update(users).set({ personalDetails: clean }).where(eq(users.id, userId));
  return getPersonalDetails(db, userId);
}
