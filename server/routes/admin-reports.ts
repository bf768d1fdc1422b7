import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/** The books: sales, receivables, TCS register, GST and VAT summaries, CSV (issue 21). */
export async function reportRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
