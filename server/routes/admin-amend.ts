import type { FastifyInstance } from 'fastify';
import { amendBookingCall } from '../../contract/admin-desk-calls.ts';
import { AMEND_MESSAGES, type AmendResult } from '../../contract/desk-amend.ts';
import { adminRoute } from '../lib/admin-route.ts';
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
 * Idempotency-Key (docs/decisions/0096). Declared in contract/admin-desk-calls.ts (decision 0111).
 */
export async function deskAmendRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  adminRoute(app, ctx, amendBookingCall, async ({ params, body: input, actor, request, reply }) => {
    const at = ctx.now();
    if (!input.confirm) {
      const { result } = await app.db.transaction((tx) => amendBooking(tx, app.config, actor, params.ref, input, at));
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
          route: `AmendBooking:${params.ref.trim().toUpperCase()}`,
          params: input,
        },
        async (tx) => {
          const done = await amendBooking(tx, app.config, actor, params.ref, input, at);
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
  });
}
