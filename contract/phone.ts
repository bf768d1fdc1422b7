import { isValidPhoneNumber } from 'libphonenumber-js';

/** Plus sign followed by digits: the only form an initial phone value may take (spec §5). */
export function isInternationalFormat(value: string): boolean {
  return /^\+\d+$/.test(value);
}

/** A number in international form (+ and digits, spaces allowed) that is valid for its country. */
export function isValidInternationalPhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return isInternationalFormat(compact) && compact.length <= 16 && isValidPhoneNumber(compact);
}
