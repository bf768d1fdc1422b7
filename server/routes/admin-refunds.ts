import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/**
 * Cancellation by policy, refunds through the gateways and by hand, the refund queue, credit notes.
 */
export async function deskRefundRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
