import { getFeaturedPackages } from '../../../contract/catalogue-calls.ts';
import type { Prefetch } from '../../app/prefetch.ts';

export const featuredParams = { limit: 8 };

export function homePrefetch(): Prefetch[] {
  return [{ call: getFeaturedPackages, params: featuredParams }];
}
