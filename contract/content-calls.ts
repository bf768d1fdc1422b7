import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  bannerParamsSchema,
  bannerSchema,
  blogDetailParamsSchema,
  blogListParamsSchema,
  blogListResultSchema,
  blogPostSchema,
  footerHeadingSchema,
  globalSearchParamsSchema,
  globalSearchResultSchema,
  missionStatementParamsSchema,
  missionStatementSchema,
  reviewsParamsSchema,
  reviewsResultSchema,
  shopPublicSchema,
} from './content.ts';

/** Spec: GET getBanner (BannerType). Banners for the requesting site, in display order. */
export const getBanner = defineCall({
  method: 'GET',
  path: 'getBanner',
  shared: true,
  params: bannerParamsSchema,
  data: z.array(bannerSchema),
});

/** Spec: getMissionStatment (PageType). null when the page has none. */
export const getMissionStatment = defineCall({
  method: 'GET',
  path: 'getMissionStatment',
  shared: true,
  params: missionStatementParamsSchema,
  data: missionStatementSchema.nullable(),
});

/** Spec: getMissionStatmentForListingPage (PageType). null when the page has none. */
export const getMissionStatmentForListingPage = defineCall({
  method: 'GET',
  path: 'getMissionStatmentForListingPage',
  shared: true,
  params: missionStatementParamsSchema,
  data: missionStatementSchema.nullable(),
});

/** Spec: getReviews (PageType); ours adds PackageId and paging. Newest first. */
export const getReviews = defineCall({
  method: 'GET',
  path: 'getReviews',
  shared: true,
  params: reviewsParamsSchema,
  data: reviewsResultSchema,
});

/** Spec: Blog/GetCommonBlogUsingModuleId (PageName). */
export const getCommonBlogUsingModuleId = defineCall({
  method: 'GET',
  path: 'Blog/GetCommonBlogUsingModuleId',
  shared: true,
  params: blogListParamsSchema,
  data: blogListResultSchema,
});

/** Ours: one blog post by slug (404 when unknown). */
export const getBlogDetail = defineCall({
  method: 'GET',
  path: 'Blog/GetBlogDetail',
  shared: true,
  params: blogDetailParamsSchema,
  data: blogPostSchema,
});

/** Spec: GET GetFooterHeading. Footer columns in display order. */
export const getFooterHeading = defineCall({
  method: 'GET',
  path: 'GetFooterHeading',
  shared: true,
  params: z.object({}),
  data: z.array(footerHeadingSchema),
});

/**
 * Ours: who sells on the asking site (legal name, address, tax number, contact), for the About, Terms and Privacy
 * pages.
 */
export const getShopDetails = defineCall({
  method: 'GET',
  path: 'GetShopDetails',
  shared: true,
  params: z.object({}),
  data: shopPublicSchema,
});

/** Spec: GET GetGlobalSearchList (prefix): destinations, then packages, then deals. */
export const getGlobalSearchList = defineCall({
  method: 'GET',
  path: 'GetGlobalSearchList',
  shared: true,
  params: globalSearchParamsSchema,
  data: globalSearchResultSchema,
});
