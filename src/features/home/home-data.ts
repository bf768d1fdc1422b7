import { getFeaturedPackages } from '../../../contract/catalogue-calls.ts';
import {
  getBanner,
  getCommonBlogUsingModuleId,
  getMissionStatment,
  getReviews,
} from '../../../contract/content-calls.ts';
import { getSeasonalDealCategory } from '../../../contract/deal-calls.ts';
import type { Prefetch } from '../../app/prefetch.ts';

// The same objects are the server's prefetch and the page's SWR keys (hydration without refetch).
export const featuredParams = { limit: 6 };
export const homeBannerParams = { BannerType: 'home' };
export const dealCategoryParams = {};
export const homeReviewParams = { PageType: 'home', pageSize: 4 };
export const homeMissionParams = { PageType: 'home' };
export const homeBlogParams = { PageName: 'home', pageSize: 3 };

export function homePrefetch(): Prefetch[] {
  return [
    { call: getBanner, params: homeBannerParams },
    { call: getFeaturedPackages, params: featuredParams },
    { call: getSeasonalDealCategory, params: dealCategoryParams },
    { call: getReviews, params: homeReviewParams },
    { call: getMissionStatment, params: homeMissionParams },
    { call: getCommonBlogUsingModuleId, params: homeBlogParams },
  ];
}
