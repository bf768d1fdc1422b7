import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/**
 * The desk's reading side: bookings list, search, CSV export, detail, timeline, notes, documents.
 */
export async function deskRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
