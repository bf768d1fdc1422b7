import type { FastifyInstance } from 'fastify';
import { getCartTotals } from '../../contract/cart-totals.ts';
import { ok } from '../lib/envelope.ts';
import { unauthorized } from '../lib/errors.ts';
import { requestToken, TOKEN_EXPIRED } from '../lib/owner.ts';
import { route } from '../lib/route.ts';
import { cartTotals } from '../services/cart/totals.ts';
import { authenticate } from '../services/sessions.ts';

/** The cart's figures as checkout will charge them (docs/decisions/0106). */
export async function cartTotalsRoutes(app: FastifyInstance) {
  route(app, getCartTotals, async (p, request) => {
    // A guest prices with the public coupons; a token sent must be valid (as for the cart itself).
    const token = requestToken(request, p);
    let userId: number | null = null;
    if (token) {
      const user = await authenticate(app.db, app.config, token);
      if (!user) throw unauthorized(TOKEN_EXPIRED);
      userId = user.userId;
    }
    return ok(
      await cartTotals(app.db, {
        site: request.site,
        lines: p.Lines,
        userId,
        couponCode: p.CouponCode,
        noCoupon: p.NoCoupon,
        tcsRate: app.config.TCS_RATE_PERCENT,
      }),
    );
  });
}
