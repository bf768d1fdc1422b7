import useSWR from 'swr';
import { getProfileDetail, getUserPersonalDetails } from '../../../contract/account-calls.ts';
import { ApiError, callApi } from '../../lib/api-client.ts';
import { refreshSession } from './use-session.ts';

/** A 401 means the server no longer honours the token: the session state catches up (and the page sends the traveller to log in). */
export async function signedInCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 401) void refreshSession();
    throw err;
  }
}

/** Account reads send the token as a bearer header, never in the URL. Keyed by user, so another sign-in never sees them. */
export function useProfile(userId: string) {
  return useSWR(['account/profile', userId], () => signedInCall(() => callApi(getProfileDetail, {}, { auth: true })), { revalidateOnFocus: true });
}

export function usePersonalDetails(userId: string) {
  return useSWR(['account/personal-details', userId], () => signedInCall(() => callApi(getUserPersonalDetails, { userId }, { auth: true })));
}
