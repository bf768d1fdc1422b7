import useSWR from 'swr';
import { getProfileDetail, getUserPersonalDetails } from '../../../contract/account-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { signedInCall } from './signed-in-call.ts';

export { signedInCall } from './signed-in-call.ts';

/**
 * Account reads send the token as a bearer header, never in the URL. Keyed by user, so another sign-in never sees them.
 */
export function useProfile(userId: string) {
  return useSWR(['account/profile', userId], () => signedInCall(() => callApi(getProfileDetail, {}, { auth: true })), {
    revalidateOnFocus: true,
  });
}

export function usePersonalDetails(userId: string) {
  return useSWR(['account/personal-details', userId], () =>
    signedInCall(() => callApi(getUserPersonalDetails, { userId }, { auth: true })),
  );
}
