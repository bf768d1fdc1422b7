import { z } from 'zod';
import { answer, defineAdminCall } from './admin-api.ts';
import { AMEND_MESSAGES, type AmendResult } from './desk-amend.ts';
import { DESK_MESSAGES } from './desk.ts';

/*
 * The booking desk (issue 20), declared once here (decision 0111): server/routes/admin-desk.ts,
 * admin-money.ts, admin-money-documents.ts and admin-amend.ts register these calls, the desk's
 * booking pages call them.
 */

/**
 * A booking's reference in the path (`bookings/:ref`); the service finds it without regard to case. A NUL character,
 * which no reference has and the database cannot compare, is refused in the words of a reference not found.
 */
export const bookingRefParams = z.object({
  ref: z
    .string()
    .min(1)
    .max(40)
    .refine((ref) => !ref.includes('\u0000'), DESK_MESSAGES.notFound),
});

const isoDay = z
  .string({ message: 'Choose the new travel date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, AMEND_MESSAGES.notReal);
const packageId = z
  .number({ message: 'packageId: choose a holiday by its id.' })
  .int('packageId: choose a holiday by its id.')
  .positive('packageId: choose a holiday by its id.');
const adults = z
  .number({ message: 'adults: enter the number of adults.' })
  .int('adults: enter a whole number.')
  .min(1, 'adults: at least 1 adult travels.')
  .max(9, 'adults: at most 9 adults per booking.');
const children = z
  .number({ message: 'children: enter the number of children.' })
  .int('children: enter a whole number.')
  .min(0, 'children: cannot be negative.')
  .max(6, 'children: at most 6 children per booking.');
const rooms = z
  .number({ message: 'rooms: enter the number of rooms.' })
  .int('rooms: enter a whole number.')
  .min(1, 'rooms: at least 1 room.')
  .max(5, 'rooms: at most 5 rooms per booking.');

/**
 * Amends a booking (bookings.amend): a new travel date, another holiday of the same site, or another party and rooms
 * (per line on a booking of several). `confirm: false` shows the server's difference and changes nothing;
 * `confirm: true` applies it, once per Idempotency-Key (docs/decisions/0096).
 */
export const amendBookingCall = defineAdminCall({
  method: 'POST',
  path: 'bookings/:ref/amend',
  params: bookingRefParams,
  body: z.object({
    travelDate: isoDay.optional(),
    packageId: packageId.optional(),
    lines: z
      .array(
        z.object({
          position: z
            .number({ message: 'lines: give each line’s position (as the booking page lists them).' })
            .int('lines: a position is a whole number.')
            .min(0, 'lines: a position is 0 or more.'),
          packageId: packageId.optional(),
          travelDate: isoDay.optional(),
          adults: adults.optional(),
          children: children.optional(),
          rooms: rooms.optional(),
        }),
      )
      .max(20, 'lines: at most 20 lines change at once.')
      .optional(),
    adults: adults.optional(),
    children: children.optional(),
    rooms: rooms.optional(),
    add: z
      .array(
        z.object({
          title: z.string().trim().max(10, 'A title is at most 10 characters.').optional(),
          firstName: z
            .string({ message: 'Give the first name of each traveller who joins.' })
            .trim()
            .min(1, 'Give the first name of each traveller who joins.')
            .max(60, 'A first name is at most 60 characters.'),
          lastName: z
            .string({ message: 'Give the last name of each traveller who joins.' })
            .trim()
            .min(1, 'Give the last name of each traveller who joins.')
            .max(60, 'A last name is at most 60 characters.'),
          ageBand: z.enum(['adult', 'child'], {
            message: 'Say whether each traveller who joins is an adult or a child.',
          }),
          dob: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'dob: enter the date of birth as YYYY-MM-DD.')
            .optional(),
        }),
      )
      .max(15, 'At most 15 travellers join at once.')
      .optional(),
    remove: z
      .array(z.number().int().positive('Choose travellers to remove by their id.'))
      .max(15, 'At most 15 travellers leave at once.')
      .optional(),
    confirm: z.boolean({
      message: 'Say whether to apply the change (confirm: true) or only show its difference (confirm: false).',
    }),
  }),
  data: answer<AmendResult>('AmendResult'),
  permission: 'bookings.amend',
});
