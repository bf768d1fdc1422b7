import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiCall, CallData, CallParams } from '../../contract/api.ts';
import type { Site } from '../../contract/site.ts';
import { useSite } from '../app/site-context.tsx';
import { whenIdle } from './when-idle.ts';

/*
 * The client's code (api-client.ts, with the cookies it reads) loads with the first call: a
 * server-rendered page reads nothing until later (its data came with it), so it is not part of
 * the first route's download (decision 0079). Loaded once the page is idle anyway.
 */
const loadClient = () => import('./api-client.ts');
if (typeof window !== 'undefined') void whenIdle().then(loadClient);

/** The SWR key of a read: the same on the server (prefetch) and in the browser. */
export function callKey(c: ApiCall, site: Site, params: object): [string, Site, object] {
  return [c.path, site, params];
}

/** Reads one API call through SWR, for the current site. Pass null params to wait. */
export function useCall<C extends ApiCall>(
  c: C,
  params: CallParams<C> | null,
  config?: SWRConfiguration<CallData<C>>,
): SWRResponse<CallData<C>, Error> {
  const { site } = useSite();
  return useSWR<CallData<C>, Error>(
    params === null ? null : callKey(c, site, params as object),
    () => loadClient().then(({ callApi }) => callApi(c, params as CallParams<C>, { headers: { Country: site } })),
    config,
  );
}
