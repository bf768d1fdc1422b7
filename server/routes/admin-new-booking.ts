import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/admin-new-booking-calls.ts';
import { emailSchema, phoneSchema } from '../../contract/booking.ts';
import type { DeskNewBooking } from '../../contract/desk-new-booking.ts';
import { formatDay, formatMinor } from '../../contract/format.ts';
import { adminRoute } from '../lib/admin-route.ts';
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

/**
 * A booking made at the desk for a traveller on the phone or at the counter (issue 31): the
 * holidays and departures to choose from, the traveller found, the price before confirming, then
 * the booking, to pay later or with a payment link (docs/decisions/0095). Each guarded by
 * bookings.create; the booking is audited and idempotent on its Idempotency-Key. Each call is
 * declared in contract/admin-new-booking-calls.ts (decision 0111); the quote's and the booking's
 * refusals name every field at once (everyFieldMessage).
 */
export async function deskNewBookingRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, calls.newBookingPackagesCall, async ({ query }) =>
    ok({ items: await deskPackages(app.db, query.site) }),
  );

  adminRoute(app, ctx, calls.newBookingDeparturesCall, async ({ query }) =>
    ok(await shopDepartures(app.db, query.packageId, query.site, ctx.now())),
  );

  adminRoute(app, ctx, calls.findTravellerCall, async ({ query }) => {
    const { q } = query;
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
  });

  adminRoute(app, ctx, calls.quoteNewBookingCall, async ({ body }) => {
    const quote = await quoteDeskBooking(app.db, app.config, body as NewBookingInput, ctx.now());
    return ok(
      quote,
      `${formatMinor(quote.total, quote.currency)} for ${quote.title} on ${formatDay(quote.travelDate)}.`,
    );
  });

  adminRoute(app, ctx, calls.createDeskBookingCall, async ({ body, actor: staffActor, staff, request, reply }) => {
    const input = body as NewBookingInput;
    const actor = { ...staffActor, email: staff.email };
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
  });
}
