import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/**
 * Travellers' cancellation requests: the queue and the decline (approval is the cancellation in admin-refunds.ts).
 */
export async function deskRequestRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
