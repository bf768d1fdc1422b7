import type { FastifyReply } from 'fastify';
import type { Envelope, Status } from '../../contract/envelope.ts';

export function ok<T>(data: T, message = 'OK', status: Status = 'success'): Envelope<T> {
  return { status, message, data };
}

/** An error a person can act on; the message is shown to them as written. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function sendError(reply: FastifyReply, statusCode: number, message: string, data: unknown = null) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ status: 'error', message, data });
}
