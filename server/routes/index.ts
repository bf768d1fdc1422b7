import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { bookingRoutes } from './bookings.ts';
import { cartRoutes } from './cart.ts';
import { cartTotalsRoutes } from './cart-totals.ts';
import { contentRoutes } from './content.ts';
import { couponRoutes } from './coupons.ts';
import { dealRoutes } from './deals.ts';
import { documentRoutes } from './documents.ts';
import { enquiryRoutes } from './enquiry.ts';
import { holidayRoutes } from './holiday.ts';
import { itineraryRoutes } from './itinerary.ts';
import { placeRoutes } from './places.ts';
import { taxRoutes } from './tax.ts';

/** Every /api/Common resource, one file each. */
export async function commonRoutes(app: FastifyInstance) {
  await app.register(holidayRoutes);
  await app.register(cartRoutes);
  await app.register(cartTotalsRoutes);
  await app.register(accountRoutes);
  await app.register(enquiryRoutes);
  await app.register(contentRoutes);
  await app.register(placeRoutes);
  await app.register(couponRoutes);
  await app.register(dealRoutes);
  await app.register(itineraryRoutes);
  await app.register(bookingRoutes);
  await app.register(documentRoutes);
  await app.register(taxRoutes);
}
