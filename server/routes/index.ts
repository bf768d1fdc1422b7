import type { FastifyInstance } from 'fastify';
import { cartRoutes } from './cart.ts';
import { enquiryRoutes } from './enquiry.ts';
import { holidayRoutes } from './holiday.ts';

/** Every /api/Common resource, one file each. */
export async function commonRoutes(app: FastifyInstance) {
  await app.register(holidayRoutes);
  await app.register(cartRoutes);
  await app.register(enquiryRoutes);
}
