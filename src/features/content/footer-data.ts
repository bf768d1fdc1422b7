import { getFooterHeading } from '../../../contract/content-calls.ts';
import type { Prefetch } from '../../app/prefetch.ts';

export const footerParams = {};

/** The footer is in the layout: every route reads it before rendering (src/app/routes.tsx). */
export const footerPrefetch: Prefetch = { call: getFooterHeading, params: footerParams };
