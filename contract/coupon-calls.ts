import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  applicableCouponsParamsSchema,
  applicableCouponsResultSchema,
  couponCategorySchema,
  couponDetailParamsSchema,
  couponDetailSchema,
  couponListByPageParamsSchema,
  couponListParamsSchema,
  couponListResultSchema,
  couponSchema,
  couponStatementSchema,
} from './coupons.ts';

/** Spec: GET CouponList (PageName). */
export const couponList = defineCall({
  method: 'GET',
  path: 'CouponList',
  shared: true,
  params: couponListByPageParamsSchema,
  data: z.array(couponSchema),
});

/** Spec: GET GetApplicableCoupons (cartTotal, userId?). */
export const getApplicableCoupons = defineCall({
  method: 'GET',
  path: 'GetApplicableCoupons',
  params: applicableCouponsParamsSchema,
  data: applicableCouponsResultSchema,
});

/** Spec: POST Coupon/GetCouponDetail (CouponSlug). */
export const getCouponDetail = defineCall({
  method: 'POST',
  path: 'Coupon/GetCouponDetail',
  shared: true,
  params: couponDetailParamsSchema,
  data: couponDetailSchema,
});

/** Spec: POST Coupon/GetCouponList (userId, pageIndex 1, pageSize 10). */
export const getCouponList = defineCall({
  method: 'POST',
  path: 'Coupon/GetCouponList',
  params: couponListParamsSchema,
  data: couponListResultSchema,
});

/** Spec: POST Coupon/GetCategoryList. */
export const getCouponCategoryList = defineCall({
  method: 'POST',
  path: 'Coupon/GetCategoryList',
  shared: true,
  params: z.object({}),
  data: z.array(couponCategorySchema),
});

/** Spec: GET Coupon/GetStatement. */
export const getCouponStatement = defineCall({
  method: 'GET',
  path: 'Coupon/GetStatement',
  shared: true,
  params: z.object({}),
  data: couponStatementSchema,
});
