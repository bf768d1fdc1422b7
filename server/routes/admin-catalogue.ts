import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/** Packages: create, edit, publish, unpublish, slugs, prices per site, images (issue 21). */
export async function catalogueRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
