import useSWR from 'swr';
import { adminCall } from './admin-api.ts';

/** A GET's `data`, or its refusal as an Error with the server's words (the page shows them). */
async function readAdmin<T>(url: string): Promise<T> {
  const answer = await adminCall<T>('GET', url);
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}

/**
 * The back office's one data hook (issue 32): the `data` of `GET /api/admin/<url>` on SWR, for the list pages
 * (useAdminList) and the lists staff edit in place (useEditableList). The last answer stays on screen while the next
 * loads (a filter changed), a page opened again shows what it had at once and refreshes it, and nothing is refetched
 * because the window took the focus back (staff fill forms). `null`: nothing to load yet.
 */
export function useAdminData<T>(url: string | null) {
  const { data, error, isValidating, mutate } = useSWR<T, Error>(url, (u: string) => readAdmin<T>(u), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return {
    data: data ?? null,
    error: error?.message ?? '',
    loading: isValidating,
    reload: () => mutate(),
  };
}
