import type { FastifyReply } from 'fastify';
import type { Envelope, Status } from '../../contract/envelope.ts';

export function ok<T>(data: T, message = 'OK', status: Status = 'success'): Envelope<T> {
  return { status, message, data };
}

/** Refusals are thrown as DomainError (server/lib/errors.ts); this sends an answer where a hook answers directly. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, data: unknown = null) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ status: 'error', message, data });
}
