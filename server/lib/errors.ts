/**
 * The refusals services throw (docs/decisions/0070): what went wrong in the shop's own words, not
 * an HTTP status. The app's error handler (server/app.ts) is the one place that answers them, by
 * STATUS_OF_KIND below, in the envelope {status:'error', message, data}.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported'
  | 'too_many'
  | 'upstream'
  | 'unavailable'
  | 'storage_full';

/** Each kind's HTTP status: read only by the error handler and by stored answers (services/idempotency.ts). */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  upstream: 502,
  unavailable: 503,
  // A write found the disk full (server/lib/faults.ts): nothing was kept.
  storage_full: 507,
};

const KIND_OF_STATUS = new Map(Object.entries(STATUS_OF_KIND).map(([kind, status]) => [status, kind as ErrorKind]));

/** A refusal a person can act on: the message is shown to them as written; `data` goes in the envelope. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly data: unknown = null,
    /** Seconds until trying again makes sense: sent as Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** A refusal stored with its status (a replayed idempotent answer) thrown again as it was. */
  static fromStatus(status: number, message: string, data: unknown = null): DomainError {
    const kind = KIND_OF_STATUS.get(status);
    if (!kind) throw new Error(`No kind of refusal answers with status ${status}.`);
    return new DomainError(kind, message, data);
  }
}

export const invalid = (message: string, data: unknown = null) => new DomainError('invalid', message, data);
export const unauthorized = (message: string) => new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, data: unknown = null) => new DomainError('conflict', message, data);
export const gone = (message: string) => new DomainError('gone', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const unsupported = (message: string) => new DomainError('unsupported', message);
export const tooMany = (message: string, retryAfter?: number) => new DomainError('too_many', message, null, retryAfter);
export const unavailable = (message: string) => new DomainError('unavailable', message);
