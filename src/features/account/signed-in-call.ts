import { ApiError } from '../../lib/api-client.ts';
import { refreshSession } from './use-session.ts';

/**
 * A 401 means the server no longer honours the token: the session state catches up (and the page
 * sends the traveller to log in). A module of its own: My trips uses it without the account calls'
 * schemas (decision 0072).
 */
export async function signedInCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 401) void refreshSession();
    throw err;
  }
}
