import { describe, expect, it } from 'vitest';
import { normaliseIdentifier } from './account.ts';
import { isRealEmail } from './email.ts';
import { INVALID_EMAIL, validateContact, type ContactParams } from './enquiry.ts';
import { validateItineraryForm } from './itinerary.ts';

const ACCEPTED = [
  'aisha@gmail.com',
  'a.b+trip@mail.co.in',
  'x_y@sub.domain.ae',
  "o'brien@example.org",
  'user@shop.xn--mgbaam7a8h',
];
const REFUSED = [
  '',
  'aisha',
  'aisha@',
  '@gmail.com',
  'aisha@gmail',
  'aisha@@gmail.com',
  'ai sha@gmail.com',
  'aisha@gmail..com',
  '.aisha@gmail.com',
  'aisha.@gmail.com',
  'aisha@-gmail.com',
  'aisha@gmail.c',
  'aisha@gmail.123',
  'aisha@shop.test',
  'someone@example.test',
  'aisha@localhost',
  'aisha@box.invalid',
  `${'a'.repeat(65)}@gmail.com`,
];

describe('isRealEmail', () => {
  it.each(ACCEPTED)('accepts %s', (v) => expect(isRealEmail(v)).toBe(true));
  it.each(REFUSED)('refuses %j', (v) => expect(isRealEmail(v)).toBe(false));
});

describe('one rule for an email address (issue 15)', () => {
  const contact: ContactParams = {
    FirstName: 'Aisha',
    LastName: '',
    Email: '',
    PhoneNumber: '+971501234567',
    EnquiryType: 'Feedback',
    Message: 'Hello',
    File: '',
    Url: '',
  };
  const itinerary = {
    FullName: 'Aisha',
    Email: '',
    Phone: '+971501234567',
    PackageSlug: 'bali',
    PackageId: '',
    Message: '',
    Url: '',
  };

  it.each([...ACCEPTED, ...REFUSED.filter(Boolean)])(
    'sign-up, log in and the enquiry forms judge %j alike',
    (email) => {
      const real = isRealEmail(email);
      expect(normaliseIdentifier(email)?.kind === 'email').toBe(real);
      expect(validateContact({ ...contact, Email: email }) === INVALID_EMAIL).toBe(!real);
      expect(validateItineraryForm({ ...itinerary, Email: email }) === INVALID_EMAIL).toBe(!real);
    },
  );

  it('an address is lower-cased for accounts, whatever case it was typed in', () => {
    expect(normaliseIdentifier('  Aisha.Rahman@Gmail.COM ')).toEqual({
      kind: 'email',
      value: 'aisha.rahman@gmail.com',
    });
  });
});
