import { z } from 'zod';
import { isRealEmail } from './email.ts';
import { CONTROL_CHARACTER } from './text-rules.ts';

/** The spec's server messages, used exactly as written (SPEC §8). */
export const MSG = {
  otpValidated: 'OTP is Validated.',
  otpVerified: 'OTP verify successfully.',
  otpWrong: 'OTP is Expired or OTP is not correct',
  passwordsDiffer: 'Confirm Password & New Password not matched!',
  idNotFound: 'Email/Mobile Id not found.',
  invalidOldPassword: 'Invalid old password!',
  tokenExpired: 'Token expired. please log in again',
  tokenNotFound: 'Token not found. Please log in again.',
} as const;

/** Our own success messages, shared so the app shows exactly what the server says. */
export const ACCOUNT_MESSAGES = {
  codeSent: (to: string) => `We have sent a 6-digit code to ${to}.`,
  accountCreated: 'Your account is ready. Please log in.',
  loggedIn: 'Login successful.',
  passwordReset: 'Your password has been changed. Please log in.',
  passwordChanged: 'Password changed successfully.',
  profileUpdated: 'Profile updated successfully.',
  detailsSaved: 'Personal details saved.',
  photoUpdated: 'Your photo has been updated.',
} as const;

export const PASSWORD_MIN = 8;
export const OTP_LENGTH = 6;
/** A code may be sent again after this many seconds. */
export const OTP_RESEND_SECONDS = 60;

const PHONE = /^\+[1-9]\d{6,14}$/;

export type IdentifierKind = 'email' | 'phone';

/**
 * An email address (the one rule of contract/email.ts, as the enquiry forms use) or a phone
 * number in international format, normalised: emails lower-cased, phones as + and digits
 * (spaces, dashes, dots and brackets dropped).
 */
export function normaliseIdentifier(raw: string): { kind: IdentifierKind; value: string } | null {
  const s = raw.trim();
  if (CONTROL_CHARACTER.test(s)) return null;
  if (s.includes('@')) {
    const email = s.toLowerCase();
    return isRealEmail(email) ? { kind: 'email', value: email } : null;
  }
  const phone = s.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return PHONE.test(phone) ? { kind: 'phone', value: phone } : null;
}

export const IDENTIFIER_HINT =
  'Enter your email address, or your mobile number with its country code (for example +971501234567).';

export const identifierSchema = z
  .string({ message: IDENTIFIER_HINT })
  .max(254, IDENTIFIER_HINT)
  .transform((v, ctx) => {
    const id = normaliseIdentifier(v);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: IDENTIFIER_HINT });
      return z.NEVER;
    }
    return id;
  });

export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN} characters for your password.`;
export const passwordSchema = z
  .string({ message: PASSWORD_HINT })
  .min(PASSWORD_MIN, PASSWORD_HINT)
  .max(200, 'Use at most 200 characters for your password.');
/** An existing password is only compared, never judged. */
const anyPassword = z
  .string({ message: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(200, 'Enter your password.');

const OTP_HINT = 'Enter the 6-digit code we sent you.';
export const otpSchema = z
  .union([z.string(), z.number()], { message: OTP_HINT })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{6}$/, OTP_HINT));

const tokenParam = z.string().min(1).max(1024).optional();

// ---------- sign-up and reset ----------
export const identifierParamsSchema = z.object({ EmailIdOrPhone: identifierSchema });
export const otpParamsSchema = z.object({ OTP: otpSchema, EmailIdOrPhone: identifierSchema });
/** What a sent code answer tells: where it went and when another may be asked for. */
export const codeSentSchema = z.object({
  sentTo: z.string(),
  channel: z.enum(['email', 'phone']),
  resendAfterSeconds: z.number().int(),
});
export const verificationSchema = z.object({ token: z.string() });

export const savePasswordParamsSchema = z.object({
  Token: z
    .string({ message: 'Your code has expired. Please start again.' })
    .min(1, 'Your code has expired. Please start again.')
    .max(200),
  Password: passwordSchema,
  ConfirmPassword: z.string({ message: 'Confirm your password.' }).max(200),
});
export const createNewPasswordParamsSchema = z.object({
  Token: z
    .string({ message: 'Your code has expired. Please start again.' })
    .min(1, 'Your code has expired. Please start again.')
    .max(200),
  NewPassword: passwordSchema,
  ConfirmNewPassword: z.string({ message: 'Confirm your new password.' }).max(200),
});
export const accountCreatedSchema = z.object({ userId: z.number().int() });

// ---------- login ----------
export const loginParamsSchema = z.object({ EmailorPhone: identifierSchema, Password: anyPassword });
/** The spec spells it `tokan` on Login. */
export const loginResultSchema = z.object({ tokan: z.string(), expiresAt: z.string() });
/** The Google credential (an ID token). Email and Name, if sent, are ignored: they come from the verified token. */
export const googleLoginParamsSchema = z.object({
  credential: z
    .string({ message: 'The Google credential is missing.' })
    .min(20, 'The Google credential is missing.')
    .max(8192),
  Email: z.string().optional(),
  Name: z.string().optional(),
});
export const googleLoginResultSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const changePasswordParamsSchema = z.object({
  Tokan: tokenParam,
  OldPassword: anyPassword,
  NewPassword: passwordSchema,
  ConfirmNewPassword: z.string({ message: 'Confirm your new password.' }).max(200),
});

// ---------- profile ----------
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
const nameField = (label: string) =>
  z
    .string({ message: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(50, `Your ${label} can be at most 50 characters.`)
    .regex(/^[\p{L}\p{M}' .-]+$/u, `Your ${label} can contain letters, spaces, apostrophes, dots and hyphens.`);
const idField = (message: string) =>
  z
    .union([z.string(), z.number()], { message })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,8}$/, message)
        .transform(Number),
    );
const optionalIdField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, 'Choose your state from the list.')
      .transform(Number)
      .nullable(),
  );

export const dobSchema = z
  .string({ message: 'Enter your date of birth.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth as YYYY-MM-DD.')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s,
    'Enter a real date of birth.',
  )
  .refine(
    (s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10),
    'Your date of birth must be in the past.',
  );

export const updateProfileParamsSchema = z.object({
  Tokan: tokenParam,
  Title: z.enum(TITLES, { message: 'Choose a title: Mr, Mrs, Ms, Miss or Dr.' }),
  FirstName: nameField('first name'),
  LastName: nameField('last name'),
  DOB: dobSchema,
  CountryId: idField('Choose your country.'),
  StateId: optionalIdField,
  CityId: idField('Choose your city.'),
});

export const profileSchema = z.object({
  userId: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dob: z.string().nullable(),
  countryId: z.number().int().nullable(),
  stateId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  hasPassword: z.boolean(),
  google: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const tokenParamsSchema = z.object({ token: tokenParam });
/** Deleting an account: the current password (none for a Google-only account) and DELETE typed to confirm. */
export const deleteAccountParamsSchema = z.object({
  Token: tokenParam,
  Password: z.string().max(200).optional(),
  Confirm: z.string({ message: 'Type DELETE to confirm.' }).max(20),
});
export const profileImageSchema = z.object({ imageUrl: z.string() });
/** Profile images: JPEG, PNG or WebP (by their bytes), at most 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ---------- personal details ----------
const optionalText = (max: number, label: string, pattern?: RegExp, hint?: string) => {
  const base = z.string().trim().max(max, `${label} can be at most ${max} characters.`);
  return (
    pattern ? base.refine((v) => v === '' || pattern.test(v), hint ?? `Check your ${label.toLowerCase()}.`) : base
  )
    .optional()
    .default('');
};

export const GENDERS = ['', 'female', 'male', 'other'] as const;

export const personalDetailsFields = {
  gender: z.enum(GENDERS, { message: 'Choose female, male or other.' }).optional().default(''),
  nationality: optionalText(60, 'Nationality', /^[\p{L} .'-]+$/u, 'Nationality can contain letters only.'),
  passportNumber: optionalText(
    20,
    'Passport number',
    /^[A-Za-z0-9]{6,20}$/,
    'A passport number has 6 to 20 letters and digits.',
  ),
  passportExpiry: optionalText(
    10,
    'Passport expiry',
    /^\d{4}-\d{2}-\d{2}$/,
    'Enter the passport expiry as YYYY-MM-DD.',
  ),
  address: optionalText(300, 'Address'),
  postalCode: optionalText(12, 'Postal code', /^[A-Za-z0-9 -]{3,12}$/, 'Check your postal code.'),
  alternatePhone: optionalText(
    20,
    'Alternate phone',
    /^\+[1-9]\d{6,14}$/,
    'Enter the alternate phone with its country code, e.g. +919812345678.',
  ),
  emergencyContactName: optionalText(80, 'Emergency contact name'),
  emergencyContactPhone: optionalText(
    20,
    'Emergency contact phone',
    /^\+[1-9]\d{6,14}$/,
    'Enter the emergency contact phone with its country code.',
  ),
};
export const personalDetailsSchema = z.object({
  gender: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  passportExpiry: z.string(),
  address: z.string(),
  postalCode: z.string(),
  alternatePhone: z.string(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
});
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;

export const personalDetailsParamsSchema = z.object({
  userId: idField('userId must be your user id.'),
  Token: tokenParam,
});
export const savePersonalDetailsParamsSchema = z.object({ Token: tokenParam, ...personalDetailsFields });
export const userPersonalDetailsSchema = personalDetailsSchema.extend({ userId: z.number().int() });

// ---------- /api/auth (shaped like the Auth.js REST API) ----------
export const AUTH_ERROR = {
  sessionRequired: 'SessionRequired',
  noSecret: 'NO_SECRET',
  missingRoute: 'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  invalidCallbackUrl: 'INVALID_CALLBACK_URL_ERROR',
  credentialsHandler: 'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  credentialsSignin: 'CredentialsSignin',
} as const;

export const authSessionSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    image: z.string().nullable(),
  }),
  expires: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
