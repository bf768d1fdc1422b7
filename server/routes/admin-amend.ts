import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AMEND_MESSAGES, type AmendResult } from '../../contract/desk-amend.ts';
import { ok } from '../lib/envelope.ts';
import { idempotencyKey } from '../lib/owner.ts';
import { amendBooking } from '../services/desk/amend.ts';
import { answer, once } from '../services/idempotency.ts';
import { commitScope } from '../services/staff/staff-action.ts';
import type { AdminContext } from './admin.ts';

/**
 * Amending a booking (bookings.amend): the difference of a new travel date, another holiday of the
 * same site, or another party and rooms (per line on a booking of several) worked out by the
 * server and shown (`confirm: false`, nothing changes), then applied (`confirm: true`), once per
 * Idempotency-Key (docs/decisions/0096).
 */
export async function deskAmendRoutes(appIn: FastifyInstance, ctx: AdminContext): Promise<void> {
  const app = appIn.withTypeProvider<ZodTypeProvider>();
  const refParams = z.object({ ref: z.string().min(1).max(40) });
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

  app.post(
    '/bookings/:ref/amend',
    {
      preHandler: ctx.guard('bookings.amend'),
      schema: {
        params: refParams,
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
      },
    },
    async (request, reply) => {
      const actor = ctx.actorOf(request);
      const at = ctx.now();
      const input = request.body;
      if (!input.confirm) {
        const { result } = await app.db.transaction((tx) =>
          amendBooking(tx, app.config, actor, request.params.ref, input, at),
        );
        return ok(result, AMEND_MESSAGES.preview);
      }
      let failures: string[] = [];
      // The amendment is a staff action inside the Idempotency-Key's transaction: its gateway refunds and the mail go
      // once that commits (docs/decisions/0112).
      const stored = await commitScope(app.db, () =>
        once(
          app.db,
          {
            owner: `staff:${actor.staffId}`,
            key: idempotencyKey(request),
            route: `AmendBooking:${request.params.ref.trim().toUpperCase()}`,
            params: input,
          },
          async (tx) => {
            const done = await amendBooking(tx, app.config, actor, request.params.ref, input, at);
            failures = done.failures;
            return { statusCode: 200, body: ok(done.result, AMEND_MESSAGES.applied) };
          },
        ),
      );
      if (stored.replayed) return answer<AmendResult>(reply, stored);
      const body = answer<AmendResult>(reply, stored);
      if (!failures.length) return body;
      return ok(
        { ...body.data!, failures },
        `Booking amended, but a refund was refused: ${failures.join(' ')} It is in the refund queue.`,
      );
    },
  );
}
