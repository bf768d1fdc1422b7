import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  dealCategorySchema,
  dealCategoryWithSubsSchema,
  dealSchema,
  dealsModuleParamsSchema,
  dealsParamsSchema,
  dealsResultSchema,
  dealSubCategoryParamsSchema,
} from './deals.ts';

/** Spec: GET GetSeasonalDealCategory. Every deal category with its slug. */
export const getSeasonalDealCategory = defineCall({
  method: 'GET',
  path: 'GetSeasonalDealCategory',
  shared: true,
  params: z.object({}),
  data: z.array(dealCategorySchema),
});

/** Spec: GET GetSeasonalDealSubCategoryBySlug (Slug of a category). 404 when unknown. */
export const getSeasonalDealSubCategoryBySlug = defineCall({
  method: 'GET',
  path: 'GetSeasonalDealSubCategoryBySlug',
  shared: true,
  params: dealSubCategoryParamsSchema,
  data: dealCategoryWithSubsSchema,
});

/** Spec: POST GetDeals (categorySlug?, subCategorySlug?, pageIndex, pageSize). */
export const getDeals = defineCall({
  method: 'POST',
  path: 'GetDeals',
  shared: true,
  params: dealsParamsSchema,
  data: dealsResultSchema,
});

/** Spec: GET GetDealsModuleData (ids, moduleType). */
export const getDealsModuleData = defineCall({
  method: 'GET',
  path: 'GetDealsModuleData',
  shared: true,
  params: dealsModuleParamsSchema,
  data: z.array(dealSchema),
});
