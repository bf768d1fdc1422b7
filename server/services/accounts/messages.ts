// The words the account calls answer with: the contract's, and the server's own refusals.
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts';

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
  smsNumberRefused: (to: string) =>
    `We could not send a text message to ${to}. Check the number, or use your email address instead.`,
  smsUnavailable: 'We cannot send text messages right now. Please try again later, or use your email address instead.',
} as const;
