import type { FastifyInstance } from 'fastify';
import { createCart, createTempBooking, getCart, getTempBooking, mergeGuestCart, removeCart } from '../../contract/cart-calls.ts';
import { badRequest, ok } from '../lib/envelope.ts';
import { idempotencyKey, requestToken, resolveOwner } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { addLine, cartLines, createTempBooking as holdCart, getTempBookings, groupLines, mergeGuestCart as merge, removeLine } from '../services/cart.ts';
import { answer, once } from '../services/idempotency.ts';

export async function cartRoutes(app: FastifyInstance) {
  route(app, createCart, async (params, request, reply) => {
    const owner = await resolveOwner(app, request, params);
    const { tempUserId: _g, Token: _t, ...fields } = params;
    const result = await once(
      app.db,
      { owner, key: idempotencyKey(request), route: 'CreateCart', params: { ...fields, site: request.site } },
      async (tx) => ({ statusCode: 200, body: ok(await addLine(tx, owner, request.site, fields), 'Added to your cart.') }),
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
    const result = await once(app.db, { owner, key: idempotencyKey(request), route: 'RemoveCart', params: line }, async (tx) => {
      const CartId = await removeLine(tx, owner, line);
      return { statusCode: 200, body: ok({ CartId }, 'Removed from your cart.') };
    });
    return answer(reply, result);
  });

  route(app, mergeGuestCart, async (params, request) => {
    if (!requestToken(request, params)) throw badRequest('Sign in first: merging a guest cart needs your login token.');
    const user = await resolveOwner(app, request, params);
    await merge(app.db, `guest:${params.tempUserId}`, user);
    return ok(groupLines(await cartLines(app.db, user, request.site)), 'Your cart is up to date.');
  });

  route(app, createTempBooking, async (params, request, reply) => {
    const owner = await resolveOwner(app, request, params);
    const result = await once(
      app.db,
      { owner, key: idempotencyKey(request), route: 'CreateTempBooking', params: { CartIds: params.CartIds ?? null, site: request.site } },
      async (tx) => ({
        statusCode: 200,
        body: ok(await holdCart(tx, owner, request.site, app.config.TEMP_BOOKING_HOLD_MINUTES, params.CartIds), 'Your holiday is on hold.'),
      }),
    );
    return answer(reply, result);
  });

  route(app, getTempBooking, async (params, request) => {
    const owner = await resolveOwner(app, request, params);
    return ok(await getTempBookings(app.db, owner, params.TempBookingId));
  });
}
