import { getPackageDetail } from '../../../contract/catalogue-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';

export const packageDetailParams = (slug: string) => ({ Slug: slug });

/** An unknown slug answers 404, and so does the page (required). */
export function packagePrefetch({ params }: RouteContext): Prefetch[] {
  return [{ call: getPackageDetail, params: packageDetailParams(params.slug ?? ''), required: true }];
}
