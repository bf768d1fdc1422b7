import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/** The enquiries inbox and the dashboard (issue 21). */
export async function enquiryInboxRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
