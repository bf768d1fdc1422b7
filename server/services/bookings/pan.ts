import { PAN_PATTERN } from '../../../contract/booking.ts';

/*
 * What can be checked of a PAN without the Income Tax Department's service: its form, the holder
 * type its fourth letter gives, and that its fifth letter is the first letter of the holder's
 * surname (for a person). A real verification service can plug in behind checkPan later; the
 * README says what is and is not checked today.
 */

const HOLDER_TYPES: Record<string, string> = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu undivided family',
  F: 'Firm',
  A: 'Association of persons',
  T: 'Trust',
  B: 'Body of individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
};

export type PanCheck =
  { ok: true; pan: string; holderType: string; nameMatches: true; checked: string[] } | { ok: false; reason: string };

/** A PAN shown back to its holder: only the last five characters. */
export const maskPan = (pan: string) => `XXXXX${pan.slice(5)}`;

/** Checks a traveller's PAN against the name they gave (the lead traveller's, as on the PAN). */
export function checkPan(rawPan: string, name: string): PanCheck {
  const pan = rawPan.trim().toUpperCase().replace(/\s+/g, '');
  if (!PAN_PATTERN.test(pan)) {
    return {
      ok: false,
      reason: 'A PAN has 10 characters: five letters, four digits and a letter (for example ABCPK1234F).',
    };
  }
  const holder = pan[3]!;
  if (holder !== 'P') {
    return {
      ok: false,
      reason: `This PAN belongs to a ${HOLDER_TYPES[holder]!.toLowerCase()}, not a person. Enter the lead traveller’s own PAN.`,
    };
  }
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z\s]/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const surname = words[words.length - 1];
  if (!surname) return { ok: false, reason: 'Enter the name as it is on the PAN card.' };
  if (surname[0]!.toUpperCase() !== pan[4]) {
    return {
      ok: false,
      reason: `This PAN does not match the name ${name.trim()}: its fifth letter should be the first letter of the surname (${surname[0]!.toUpperCase()}).`,
    };
  }
  return {
    ok: true,
    pan: maskPan(pan),
    holderType: HOLDER_TYPES[holder]!,
    nameMatches: true,
    checked: ['format', 'holder type', 'surname initial'],
  };
}
