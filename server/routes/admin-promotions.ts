import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/** Coupons (rules, disable, usage), deals and banners (edit, order, schedule) (issue 21). */
export async function promotionRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
