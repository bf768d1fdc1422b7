import { z } from 'zod';
import { idListSchema, packageCardSchema } from './catalogue.ts';
import { isoDateTime, namedRefSchema, pageIndexParam, pageInfoSchema, pageSizeParam, slugParam } from './common.ts';

export const dealCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Path without `-<w>.webp`: `/images/deals/deal-<k>` (widths 480/960). */
  image: z.string(),
  /** Live deals in this category on the requesting site. */
  dealCount: z.number().int(),
});
export type DealCategory = z.infer<typeof dealCategorySchema>;

export const dealSubCategorySchema = namedRefSchema.extend({ dealCount: z.number().int() });
export type DealSubCategory = z.infer<typeof dealSubCategorySchema>;

/** Spec: GetSeasonalDealSubCategoryBySlug (Slug): Slug is a deal category's slug. */
export const dealSubCategoryParamsSchema = z.object({ Slug: slugParam });
export const dealCategoryWithSubsSchema = z.object({
  category: dealCategorySchema,
  subCategories: z.array(dealSubCategorySchema),
});
export type DealCategoryWithSubs = z.infer<typeof dealCategoryWithSubsSchema>;

/**
 * A live deal. `package` is the linked package's card priced for the requesting site with the
 * deal applied: `price` is the discounted price and `compareAt` the regular one.
 */
export const dealSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  category: namedRefSchema,
  subCategory: namedRefSchema.nullable(),
  discountPercent: z.number().int(),
  moduleType: z.string(),
  validTo: isoDateTime,
  package: packageCardSchema.nullable(),
});
export type Deal = z.infer<typeof dealSchema>;

/** Spec: POST GetDeals. Filters by category / subcategory slug (404 when unknown); paged. */
export const dealsParamsSchema = z.object({
  categorySlug: slugParam.optional(),
  subCategorySlug: slugParam.optional(),
  pageIndex: pageIndexParam.default(1),
  pageSize: pageSizeParam(48).default(12),
});
export const dealsResultSchema = pageInfoSchema.extend({ deals: z.array(dealSchema) });
export type DealsResult = z.infer<typeof dealsResultSchema>;

/**
 * Spec: GET GetDealsModuleData (ids, moduleType): live deals by id (in the order given), optionally of one module type.
 */
export const dealsModuleParamsSchema = z.object({
  ids: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, 'is required')
    .pipe(idListSchema)
    .pipe(z.array(z.number()).min(1, 'must list at least one id').max(50, 'must list at most 50 ids')),
  moduleType: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
