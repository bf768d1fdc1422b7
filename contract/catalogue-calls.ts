import { z } from 'zod';
import { defineCall } from './api.ts';
import { featuredPackagesSchema, packageSearchParamsSchema, packageSearchResultSchema } from './catalogue.ts';

export const getFeaturedPackages = defineCall({
  method: 'GET',
  path: 'Holiday/GetFeaturedPackages',
  params: z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) }),
  data: featuredPackagesSchema,
});

/** Spec: POST Holiday/GetPackagesByTypeCityAndInterest (typeId, cityId, interests); data.packages and data.total. */
export const getPackagesByTypeCityAndInterest = defineCall({
  method: 'POST',
  path: 'Holiday/GetPackagesByTypeCityAndInterest',
  params: packageSearchParamsSchema,
  data: packageSearchResultSchema,
});
