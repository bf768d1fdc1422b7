import { z } from 'zod';
import { TITLES } from './account.ts';
import { answer, defineAdminCall, noParams } from './admin-api.ts';
import { departureListSchema } from './availability.ts';
import { ageBandSchema, emailSchema, phoneSchema } from './booking.ts';
import { dbIdParam } from './common.ts';
import { DESK_PAYMENTS, type DeskNewBooking, type DeskPackageOption, type DeskQuote } from './desk-new-booking.ts';

/*
 * A booking made at the desk for a traveller on the phone or at the counter (issue 31, decision
 * 0095): the holidays and departures to choose from, the traveller found, the price before
 * confirming, then the booking (idempotent on its Idempotency-Key). Each needs bookings.create.
 * Declared once here (decision 0111): server/routes/admin-new-booking.ts registers them, the desk's
 * new booking page calls them (and the amend panel and the enquiry quote form its holidays and dates).
 */

const isoDay = (what: string) =>
  z
    .string({ message: `Enter the ${what} (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${what} as YYYY-MM-DD.`);
const name = (what: string) =>
  z
    .string({ message: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(60, `The ${what} can be at most 60 characters.`);
const site = z.enum(['UAE', 'IN'], { message: 'Choose the site: UAE or IN.' });

const bookingBody = z.object({
  site,
  packageId: dbIdParam('Choose a holiday (packageId).'),
  travelDate: isoDay('travel date'),
  adults: z.coerce
    .number({ message: 'Enter the number of adults.' })
    .int('Enter a whole number of adults.')
    .min(1, 'At least one adult travels.')
    .max(9, 'At most 9 adults per booking.'),
  children: z.coerce
    .number({ message: 'Enter the number of children.' })
    .int('Enter a whole number of children.')
    .min(0, 'Children cannot be fewer than 0.')
    .max(6, 'At most 6 children per booking.')
    .default(0),
  infants: z.coerce
    .number({ message: 'Enter the number of infants.' })
    .int('Enter a whole number of infants.')
    .min(0, 'Infants cannot be fewer than 0.')
    .max(4, 'At most 4 infants per booking.')
    .default(0),
  rooms: z.coerce
    .number({ message: 'Enter the number of rooms.' })
    .int('Enter a whole number of rooms.')
    .min(1, 'At least one room.')
    .max(5, 'At most 5 rooms per booking.')
    .default(1),
  lead: z.object(
    {
      title: z.enum(TITLES, { message: 'Choose a title: Mr, Mrs, Ms, Miss or Dr.' }),
      firstName: name('lead traveller’s first name'),
      lastName: name('lead traveller’s last name'),
      email: emailSchema,
      phone: phoneSchema,
      dob: isoDay('lead traveller’s date of birth'),
      state: z.string().trim().max(80, 'Choose the state from the list.').optional(),
      // India from ₹50,000 (decision 0043): the lines, or one text whose lines are split on new lines.
      address: z
        .union(
          [
            z
              .string()
              .max(600, 'The address can be at most 600 characters.')
              .transform((v) => v.split(/\r?\n/)),
            z.array(z.string().max(120, 'An address line can be at most 120 characters.')),
          ],
          {
            message: 'Give the address as text, or as a list of its lines.',
          },
        )
        .transform((lines) => lines.map((l) => l.trim()).filter(Boolean))
        .pipe(
          z
            .array(z.string().max(120, 'An address line can be at most 120 characters.'))
            .max(5, 'Give the address in at most 5 lines.'),
        )
        .optional(),
    },
    { message: 'Give the lead traveller: title, firstName, lastName, email, phone and dob.' },
  ),
  travellers: z
    .array(
      z.object({
        firstName: name('traveller’s first name'),
        lastName: name('traveller’s last name'),
        ageBand: ageBandSchema,
        dob: isoDay('traveller’s date of birth').optional(),
      }),
    )
    .max(40, 'At most 40 travellers per booking.')
    .optional(),
  payment: z.enum(DESK_PAYMENTS, { message: 'Choose the payment: pay-later or link.' }),
  coupon: z
    .string()
    .trim()
    .max(40, 'A coupon code is at most 40 characters.')
    .transform((v) => v.toUpperCase() || undefined)
    .optional(),
  pan: z
    .string()
    .trim()
    .max(20, 'A PAN has 10 characters.')
    .transform((v) => v || undefined)
    .optional(),
  gstin: z
    .string()
    .trim()
    .max(20, 'A GSTIN has 15 characters.')
    .transform((v) => v || undefined)
    .optional(),
  trn: z
    .string()
    .trim()
    .max(20, 'A TRN has 15 digits.')
    .transform((v) => v || undefined)
    .optional(),
  specialRequests: z.string().trim().max(1000, 'Special requests can be at most 1,000 characters.').optional(),
});
const quoteBody = bookingBody.extend({ payment: bookingBody.shape.payment.default('pay-later') });

const packagesQuery = z.object({ site });
const departuresQuery = z.object({ site, packageId: dbIdParam('Choose a holiday (packageId).') });
const travellerQuery = z.object({
  q: z
    .string({ message: 'Enter an email or a phone number.' })
    .trim()
    .min(3, 'Enter an email or a phone number.')
    .max(254),
});

/** The traveller's account as the desk finds it by email or phone (null: none yet, one is made with the booking). */
const foundTraveller = z
  .object({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    title: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    dob: z.string().nullable(),
  })
  .nullable();
export type DeskFoundTraveller = z.infer<typeof foundTraveller>;

const permission = 'bookings.create' as const;

/** The holidays on sale on a site. */
export const newBookingPackagesCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/new/packages',
  params: noParams,
  query: packagesQuery,
  data: answer<{ items: DeskPackageOption[] }>('A list of DeskPackageOption in `items`'),
  permission,
});

/** A holiday's departures open for sale on a site, as the shop shows them. */
export const newBookingDeparturesCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/new/departures',
  params: noParams,
  query: departuresQuery,
  data: departureListSchema,
  permission,
});

/** The traveller's account found by email or phone, if there is one. */
export const findTravellerCall = defineAdminCall({
  method: 'GET',
  path: 'bookings/new/traveller',
  params: noParams,
  query: travellerQuery,
  data: z.object({ traveller: foundTraveller }),
  permission,
});

/** The price before confirming: the booking's own steps, rolled back (payment left out: pay later). */
export const quoteNewBookingCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/quote',
  params: noParams,
  body: quoteBody,
  everyFieldMessage: true,
  data: answer<DeskQuote>('DeskQuote'),
  permission,
});

/** The booking, to pay later or with a payment link; once per Idempotency-Key (the same key again answers it). */
export const createDeskBookingCall = defineAdminCall({
  method: 'POST',
  path: 'bookings',
  params: noParams,
  body: bookingBody,
  everyFieldMessage: true,
  data: answer<DeskNewBooking>('DeskNewBooking'),
  permission,
});
