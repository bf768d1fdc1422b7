import type { FastifyInstance } from 'fastify';
import type { AdminContext } from './admin.ts';

/**
 * Money received and bookings kept right: record a payment, resend mail, correct a traveller's name.
 */
export async function deskMoneyRoutes(_app: FastifyInstance, _ctx: AdminContext): Promise<void> {}
