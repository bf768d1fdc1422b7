import { ApiError, NetworkError } from '../api-client.ts';

/** Worth trying again later: no answer, a server fault, throttling, or a change still in flight. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof ApiError)
    return (
      err.httpStatus >= 500 ||
      err.httpStatus === 429 ||
      err.httpStatus === 408 ||
      (err.httpStatus === 409 && /being processed/.test(err.message))
    );
  // A TypeError from fetch, an aborted request: the network, not the change, is at fault.
  return !(err instanceof Error && err.name === 'ZodError');
}

export function errorMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}

/** 1 s, 2 s, 4 s … up to a minute, with jitter so many phones coming back online do not stampede. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.min(attempts, 6));
  return Math.round(base * (0.75 + random() * 0.5));
}
