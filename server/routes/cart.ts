import type { FastifyInstance } from 'fastify';
import {
  createCart,
  createTempBooking,
  getCart,
  getTempBooking,
  mergeGuestCart,
  removeCart,
} from '../../contract/cart-calls.ts';
import { ok } from '../lib/envelope.ts';
import { invalid } from '../lib/errors.ts';
import { claimOwner, idempotencyKey, requestToken, resolveOwner } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { addLine } from '../services/cart/add-line.ts';
import { createTempBooking as holdCart, getTempBookings } from '../services/cart/holds.ts';
import { mergeGuestCart as merge, removeLine } from '../services/cart/lines.ts';
import { cartLines, groupLines } from '../services/cart/read.ts';
import { answer, once } from '../services/idempotency.ts';
import { hashAddress } from '../services/rate-limit.ts';

export async function cartRoutes(app: FastifyInstance) {
  route(app, createCart, async (params, request, reply) => {
    const key = idempotencyKey(request);
    const { tempUserId: _g, Token: _t, ...fields } = params;
    if (!key) {
      // Without a key, the session is checked in the line's own statement (a sale's rush: decision 0078).
      const { owner, session } = claimOwner(app, request, params);
      return ok(await addLine(app.db, owner, request.site, fields, new Date(), { session }), 'Added to your cart.');
    }
    const owner = await resolveOwner(app, request, params);
    const result = await once(
      app.db,
      { owner, key, route: 'CreateCart', params: { ...fields, site: request.site } },
      async (tx) => ({
        statusCode: 200,
        body: ok(await addLine(tx, owner, request.site, fields, new Date(), { scope: app.db }), 'Added to your cart.'),
      }),
    );
    return answer(reply, result);
  });

  route(app, getCart, async (params, request) => {
    const owner = await resolveOwner(app, request, params);
    const items = await cartLines(app.db, owner, request.site);
    return ok(groupLines(items), items.length ? 'OK' : 'Your cart is empty.');
  });

  route(app, removeCart, async (params, request, reply) => {
    const owner = await resolveOwner(app, request, params);
    const line = params.CartId !== undefined ? { CartId: params.CartId } : { clientId: params.clientId };
    const result = await once(
      app.db,
      { owner, key: idempotencyKey(request), route: 'RemoveCart', params: line },
      async (tx) => {
        const CartId = await removeLine(tx, owner, line);
        return { statusCode: 200, body: ok({ CartId }, 'Removed from your cart.') };
      },
    );
    return answer(reply, result);
  });

  route(app, mergeGuestCart, async (params, request) => {
    if (!requestToken(request, params)) throw invalid('Sign in first: merging a guest cart needs your login token.');
    const user = await resolveOwner(app, request, params);
    await merge(app.db, `guest:${params.tempUserId}`, user, app.config.TEMP_BOOKING_HOLD_MINUTES);
    return ok(groupLines(await cartLines(app.db, user, request.site)), 'Your cart is up to date.');
  });

  route(app, createTempBooking, async (params, request, reply) => {
    const key = idempotencyKey(request);
    // Without a key, a signed-in hold checks the session with its lines (a sale's rush: decision 0078).
    const { owner, session } = key
      ? { owner: await resolveOwner(app, request, params), session: null }
      : claimOwner(app, request, params);
    const guest = owner.startsWith('guest:');
    const result = await once(
      app.db,
      { owner, key, route: 'CreateTempBooking', params: { CartIds: params.CartIds ?? null, site: request.site } },
      async (tx) => ({
        statusCode: 200,
        body: ok(
          await holdCart(
            tx,
            owner,
            request.site,
            guest ? app.config.GUEST_HOLD_MINUTES : app.config.TEMP_BOOKING_HOLD_MINUTES,
            params.CartIds,
            new Date(),
            {
              ipHash: hashAddress(request.ip, app.config.AUTH_SECRET),
              guestLimits: {
                maxRooms: app.config.HOLD_GUEST_MAX_ROOMS,
                maxHolds: app.config.HOLD_GUEST_MAX_HOLDS,
                addressRoomsPerHour: app.config.HOLD_ADDRESS_MAX_ROOMS_PER_HOUR,
              },
              session,
              together: !key,
            },
          ),
          guest
            ? `Your holiday is on hold for ${app.config.GUEST_HOLD_MINUTES} minutes: sign in to keep it for ${app.config.TEMP_BOOKING_HOLD_MINUTES}.`
            : 'Your holiday is on hold.',
        ),
      }),
    );
    return answer(reply, result);
  });

  route(app, getTempBooking, async (params, request) => {
    const owner = await resolveOwner(app, request, params);
    return ok(await getTempBookings(app.db, owner, params.TempBookingId));
  });
}
