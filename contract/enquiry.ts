import { z } from 'zod';
import { isRealEmail } from './email.ts';
import { isValidInternationalPhone } from './phone.ts';

export { isRealEmail } from './email.ts';
export { isInternationalFormat, isValidInternationalPhone } from './phone.ts';

/*
 * Enquiries: the contact form, the home "get a call back" modal, the package enquiry of the detail
 * page and the exit-intent popup. The parameter schemas only shape the input (text, trimmed, with
 * length limits); the rules a person must meet are the validate… functions below, run by the
 * server and by the forms alike, so both say the same thing in the same words.
 */

/** Exact texts of the spec (§5, §8). */
export const ALL_FIELDS_REQUIRED = 'All fields are required.';
export const INVALID_PHONE = 'Please enter a valid phone number.';
export const INVALID_EMAIL = 'Please enter a valid email address.';

/** A text parameter: query strings carry strings, JSON bodies may carry numbers. */
const text = (max: number, label: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .pipe(z.string().max(max, `${label} is too long (at most ${max} characters).`));

const count = (min: number, max: number, fallback: number, label: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(
      z
        .number({ error: `${label} must be a number.` })
        .int(`${label} must be a whole number.`)
        .min(min, `${label} must be at least ${min}.`)
        .max(max, `${label} must be at most ${max}.`),
    );

export const ENQUIRY_TYPES = [
  'Holiday package',
  'Deals and offers',
  'An existing booking',
  'Visa and travel documents',
  'Flights and hotels',
  'Feedback',
  'Something else',
] as const;

export const contactParamsSchema = z.object({
  FirstName: text(60, 'First name'),
  LastName: text(60, 'Last name'),
  Email: text(254, 'Email'),
  PhoneNumber: text(24, 'Phone number'),
  EnquiryType: text(60, 'Enquiry type'),
  Message: text(3000, 'Message'),
  /** The attachment's name as the traveller chose it (the file itself is a multipart part). */
  File: text(200, 'File name'),
  /** The page the form was sent from. */
  Url: text(500, 'Url'),
});
export type ContactParams = z.infer<typeof contactParamsSchema>;

export const TIMES_TO_CALL = ['Anytime', 'Morning (9am–12pm)', 'Afternoon (12pm–4pm)', 'Evening (4pm–8pm)'] as const;

export const homeEnquiryParamsSchema = z.object({
  /** 0: a new enquiry (the spec always sends 0). */
  Id: count(0, 0, 0, 'Id'),
  EmailOrPhone: text(254, 'Email or phone'),
  FullName: text(100, 'Full name'),
  Phone: text(24, 'Phone'),
  TimeToCall: text(60, 'Time to call'),
  /** The client's clock when sent; kept as written, the server records its own time too. */
  CreatedDate: text(40, 'Created date'),
  CurrentPageUrl: text(500, 'Current page URL'),
});
export type HomeEnquiryParams = z.infer<typeof homeEnquiryParamsSchema>;

export const packageEnquiryParamsSchema = z.object({
  PackageId: count(0, 2_147_483_647, 0, 'PackageId'),
  PackageSlug: text(200, 'Package'),
  PackageTitle: text(200, 'Package title'),
  FullName: text(100, 'Full name'),
  Email: text(254, 'Email'),
  PhoneNumber: text(24, 'Phone number'),
  /** yyyy-mm-dd, optional. */
  TravelDate: text(10, 'Travel date'),
  Adults: count(1, 20, 2, 'Adults'),
  Children: count(0, 20, 0, 'Children'),
  Message: text(3000, 'Message'),
  Url: text(500, 'Url'),
});
export type PackageEnquiryParams = z.infer<typeof packageEnquiryParamsSchema>;

export const exitEnquiryParamsSchema = z.object({
  FullName: text(100, 'Full name'),
  Email: text(254, 'Email'),
  /** The dial code of the chosen country, e.g. +971; the spec's default is +91. */
  MobileCountryCode: text(5, 'Country code').transform((v) => v || '+91'),
  MobileNo: text(20, 'Mobile number'),
  Mode: text(40, 'Mode').transform((v) => v || 'exit-popup'),
});
export type ExitEnquiryParams = z.infer<typeof exitEnquiryParamsSchema>;

export const enquiryResultSchema = z.object({ EnquiryId: z.number().int() });
export type EnquiryResult = z.infer<typeof enquiryResultSchema>;

// ---------------------------------------------------------------- rules

/** The exit popup's dial code and national number joined into one international number. */
export function exitPopupPhone(p: Pick<ExitEnquiryParams, 'MobileCountryCode' | 'MobileNo'>): string {
  const no = p.MobileNo.replace(/[\s().-]/g, '');
  if (no.startsWith('+')) return no;
  const code = p.MobileCountryCode.startsWith('+') ? p.MobileCountryCode : `+${p.MobileCountryCode}`;
  return `${code}${no.replace(/^0+/, '')}`;
}

type Rule = [failed: boolean, message: string];
const firstFailure = (rules: Rule[]) => rules.find(([failed]) => failed)?.[1] ?? null;

/** The first problem with an exit-popup enquiry, or null when it can be sent. */
export function validateExitEnquiry(
  p: Pick<ExitEnquiryParams, 'FullName' | 'Email' | 'MobileCountryCode' | 'MobileNo'>,
): string | null {
  return firstFailure([
    [!p.FullName || !p.Email || !p.MobileNo, ALL_FIELDS_REQUIRED],
    [!/^\+?\d{1,4}$/.test(p.MobileCountryCode), INVALID_PHONE],
    [!isValidInternationalPhone(exitPopupPhone(p)), INVALID_PHONE],
    [!isRealEmail(p.Email), INVALID_EMAIL],
  ]);
}

export function validateContact(p: ContactParams): string | null {
  return firstFailure([
    [!p.FirstName, 'Please enter your first name.'],
    [!p.Email, 'Please enter your email address.'],
    [!isRealEmail(p.Email), INVALID_EMAIL],
    [!p.PhoneNumber, 'Please enter your phone number.'],
    [!isValidInternationalPhone(p.PhoneNumber), INVALID_PHONE],
    [!p.EnquiryType, 'Please choose what your enquiry is about.'],
    [!p.Message, 'Please write your message.'],
  ]);
}

export function validateHomeEnquiry(p: HomeEnquiryParams): string | null {
  const contactIsPhone = isValidInternationalPhone(p.EmailOrPhone);
  return firstFailure([
    [!p.FullName, 'Please enter your full name.'],
    [!p.EmailOrPhone, 'Please enter your email or phone number.'],
    [!contactIsPhone && !isRealEmail(p.EmailOrPhone), 'Please enter a valid email address or phone number.'],
    [!p.Phone && !contactIsPhone, 'Please enter a phone number we can call.'],
    [Boolean(p.Phone) && !isValidInternationalPhone(p.Phone), INVALID_PHONE],
    [!p.TimeToCall, 'Please choose a time for our call.'],
  ]);
}

export function validatePackageEnquiry(
  p: PackageEnquiryParams,
  today = new Date().toISOString().slice(0, 10),
): string | null {
  return firstFailure([
    [!p.PackageId && !p.PackageSlug, 'Please tell us which holiday you are asking about.'],
    [!p.FullName, 'Please enter your full name.'],
    [!p.Email, 'Please enter your email address.'],
    [!isRealEmail(p.Email), INVALID_EMAIL],
    [!p.PhoneNumber, 'Please enter your phone number.'],
    [!isValidInternationalPhone(p.PhoneNumber), INVALID_PHONE],
    [Boolean(p.TravelDate) && !/^\d{4}-\d{2}-\d{2}$/.test(p.TravelDate), 'Please choose a travel date.'],
    [Boolean(p.TravelDate) && p.TravelDate < today, 'Please choose a travel date from today onwards.'],
  ]);
}

// ---------------------------------------------------------------- attachments

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.doc,.docx,application/pdf,image/jpeg,image/png,image/webp,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ATTACHMENT_NOT_ALLOWED =
  'This file type is not allowed. Attach a PDF, JPEG, PNG, WebP, DOC or DOCX file of at most 10 MB.';
export const ATTACHMENT_TOO_LARGE =
  'This file is too large. Attach a PDF, JPEG, PNG, WebP, DOC or DOCX file of at most 10 MB.';
