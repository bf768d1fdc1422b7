import { z } from 'zod';
import { ALL_FIELDS_REQUIRED, INVALID_EMAIL, INVALID_PHONE, isRealEmail } from './enquiry.ts';
import { isValidInternationalPhone } from './phone.ts';

const formText = (max: number, label: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .pipe(z.string().max(max, `${label} is too long (at most ${max} characters).`));

/**
 * Holiday/Downloaditinaryform, sent as multipart/form-data (a JSON body works too). Needs
 * FullName, Email, Phone (international, e.g. +971501234567) and PackageSlug or PackageId.
 * Success is the PDF itself (application/pdf, attachment), not an envelope; errors are envelopes.
 */
export const itineraryFormParamsSchema = z.object({
  FullName: formText(100, 'Full name'),
  Email: formText(254, 'Email'),
  Phone: formText(24, 'Phone'),
  PackageSlug: formText(200, 'Package'),
  PackageId: formText(10, 'PackageId'),
  Message: formText(2000, 'Message'),
  /** The page the form was sent from. */
  Url: formText(500, 'Url'),
});
export type ItineraryFormParams = z.infer<typeof itineraryFormParamsSchema>;

/**
 * The first problem with the form, in words for the traveller, or null when it can be sent. Shared by the form and the
 * server.
 */
export function validateItineraryForm(p: ItineraryFormParams): string | null {
  if (!p.FullName || !p.Email || !p.Phone) return ALL_FIELDS_REQUIRED;
  if (!p.PackageSlug && !p.PackageId) return 'Please tell us which holiday you want the itinerary for.';
  if (p.PackageId && !/^[1-9]\d{0,8}$/.test(p.PackageId)) return 'PackageId must be a numeric id.';
  if (!isRealEmail(p.Email)) return INVALID_EMAIL;
  if (!isValidInternationalPhone(p.Phone)) return INVALID_PHONE;
  return null;
}
