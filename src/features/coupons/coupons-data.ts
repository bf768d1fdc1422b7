import {
  getCouponCategoryList,
  getCouponDetail,
  getCouponList,
  getCouponStatement,
} from '../../../contract/coupon-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';
import { pageIndexes, pagesShown } from '../content/paging.ts';
import { categoryFromSearch } from './coupon-text.ts';

/** Spec: Coupon/GetCouponList pages of 10. Public coupons only: no userId from here. */
export const COUPON_PAGE_SIZE = 10;
export const couponCategoriesParams = {};
export const couponStatementParams = {};
export const couponListParams = (pageIndex: number, categoryId?: number) => ({
  categoryId,
  pageIndex,
  pageSize: COUPON_PAGE_SIZE,
});
export const couponDetailParams = (slug: string) => ({ CouponSlug: slug });

export function couponsPrefetch({ search }: RouteContext): Prefetch[] {
  const categoryId = categoryFromSearch(search);
  return [
    { call: getCouponCategoryList, params: couponCategoriesParams },
    { call: getCouponStatement, params: couponStatementParams },
    ...pageIndexes(pagesShown(search)).map((p) => ({ call: getCouponList, params: couponListParams(p, categoryId) })),
  ];
}

export function couponPrefetch({ params }: RouteContext): Prefetch[] {
  return [
    { call: getCouponDetail, params: couponDetailParams(params.slug ?? ''), required: true },
    { call: getCouponStatement, params: couponStatementParams },
  ];
}
