import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/** Departures: each date with its own allotment and stop-sale; seasons of dates (issue 21). */
export async function inventoryRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
