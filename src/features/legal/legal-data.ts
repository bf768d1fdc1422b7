import { getShopDetails } from '../../../contract/content-calls.ts';
import type { Prefetch } from '../../app/prefetch.ts';

export const shopParams = {};
/** The legal pages name the site's seller: read before rendering, so the server sends them whole. */
export const legalPrefetch = (): Prefetch[] => [{ call: getShopDetails, params: shopParams }];
