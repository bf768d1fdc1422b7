import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TITLES } from '../../contract/account.ts';
import { ageBandSchema, emailSchema, phoneSchema } from '../../contract/booking.ts';
import { dbIdParam } from '../../contract/common.ts';
import { DESK_PAYMENTS, type DeskNewBooking } from '../../contract/desk-new-booking.ts';
import { formatDay, formatMinor } from '../../contract/format.ts';
import { ok } from '../lib/envelope.ts';
import { invalid } from '../lib/errors.ts';
import { idempotencyKey } from '../lib/owner.ts';
import { answer, once } from '../services/idempotency.ts';
import { commitScope } from '../services/staff/staff-action.ts';
import { deskPackages } from '../services/desk/new-booking-options.ts';
import {
  createDeskBooking,
  findTraveller,
  quoteDeskBooking,
  type NewBookingInput,
} from '../services/desk/new-booking.ts';
import { shopDepartures } from '../services/inventory/departures.ts';
import type { AdminContext } from './admin.ts';

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

/** Every field's message, as one line a person can act on: "lead.email: …; travelDate: …". */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
  );
}

const packagesQuery = z.object({ site });
const departuresQuery = z.object({ site, packageId: dbIdParam('Choose a holiday (packageId).') });
const travellerQuery = z.object({
  q: z
    .string({ message: 'Enter an email or a phone number.' })
    .trim()
    .min(3, 'Enter an email or a phone number.')
    .max(254),
});

/**
 * A booking made at the desk for a traveller on the phone or at the counter (issue 31): the
 * holidays and departures to choose from, the traveller found, the price before confirming, then
 * the booking, to pay later or with a payment link (docs/decisions/0095). Each guarded by
 * bookings.create; the booking is audited and idempotent on its Idempotency-Key.
 */
export async function deskNewBookingRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/bookings/new/packages',
    { preHandler: ctx.guard('bookings.create'), schema: { querystring: packagesQuery } },
    async (request) => ok({ items: await deskPackages(app.db, request.query.site) }),
  );

  app.get(
    '/bookings/new/departures',
    { preHandler: ctx.guard('bookings.create'), schema: { querystring: departuresQuery } },
    async (request) => ok(await shopDepartures(app.db, request.query.packageId, request.query.site, ctx.now())),
  );

  app.get(
    '/bookings/new/traveller',
    { preHandler: ctx.guard('bookings.create'), schema: { querystring: travellerQuery } },
    async (request) => {
      const { q } = request.query;
      const email = q.includes('@') ? emailSchema.safeParse(q) : null;
      const phone = q.includes('@') ? null : phoneSchema.safeParse(q);
      if (email && !email.success)
        throw invalid('q: enter a whole email address, or a phone number with its country code.');
      if (phone && !phone.success)
        throw invalid('q: enter a phone number with its country code (+971…, +91…), or an email address.');
      const found = await findTraveller(app.db, { email: email?.data, phone: phone?.data });
      return ok(
        { traveller: found },
        found
          ? `Found ${found.name || found.email || found.phone}.`
          : 'No account with this email or phone yet: one is made with the booking.',
      );
    },
  );

  app.post(
    '/bookings/quote',
    { preHandler: ctx.guard('bookings.create'), config: { documentedBody: quoteBody } },
    async (request) => {
      const input = parse(quoteBody, request.body) as NewBookingInput;
      const quote = await quoteDeskBooking(app.db, app.config, input, ctx.now());
      return ok(
        quote,
        `${formatMinor(quote.total, quote.currency)} for ${quote.title} on ${formatDay(quote.travelDate)}.`,
      );
    },
  );

  app.post(
    '/bookings',
    { preHandler: ctx.guard('bookings.create'), config: { documentedBody: bookingBody } },
    async (request, reply) => {
      const input = parse(bookingBody, request.body) as NewBookingInput;
      const actor = { ...ctx.actorOf(request), email: request.staff!.email };
      // A staff action inside the Idempotency-Key's transaction: its mail is sent once that commits
      // (docs/decisions/0112).
      const result = await commitScope(app.db, () =>
        once(
          app.db,
          { owner: `staff:${actor.staffId}`, key: idempotencyKey(request), route: 'DeskCreateBooking', params: input },
          async (tx) => {
            const made = await createDeskBooking(tx, app.config, actor, input, ctx.now());
            const due = made.paymentDueOn ? ` The balance is due by ${formatDay(made.paymentDueOn)}.` : '';
            const message =
              input.payment === 'link'
                ? `Booking ${made.RefIdKey} made: the payment link for ${formatMinor(made.Total, made.Currency)} is on its way to ${input.lead.email}.`
                : `Booking ${made.RefIdKey} made to pay later: the confirmation is on its way to ${input.lead.email}.${due}`;
            return { statusCode: 200, body: ok(made, message) };
          },
        ),
      );
      return answer<DeskNewBooking>(reply, result);
    },
  );
}
