import { z } from 'zod';
import { cancellationPolicySchema } from './cancellation-calls.ts';
import { namedRefSchema, pageIndexParam, slugParam } from './common.ts';
import { reviewSchema } from './content.ts';
import { moneySchema } from './site.ts';
import { packageTaxSchema, siteTaxRulesSchema } from './tax-schemas.ts';

export const packageCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  tripType: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  nights: z.number().int(),
  days: z.number().int(),
  summary: z.string(),
  heroImage: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  price: moneySchema,
  compareAt: moneySchema.nullable(),
});
export type PackageCard = z.infer<typeof packageCardSchema>;

export const featuredPackagesSchema = z.object({ packages: z.array(packageCardSchema) });
export type FeaturedPackages = z.infer<typeof featuredPackagesSchema>;

export const packageSortSchema = z.enum(['popular', 'price-asc', 'price-desc', 'duration-asc', 'duration-desc']);
export type PackageSort = z.infer<typeof packageSortSchema>;

/** A list of ids given as 3, "3", "3,5" or [3, 5]. */
export const idListSchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter((x) => x !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/, 'must be a list of numeric ids')
          .transform(Number),
      )
      .max(50, 'must list at most 50 ids'),
  );

const optionalId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 0 || v === '0' ? undefined : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, 'must be a numeric id')
      .transform(Number)
      .optional(),
  );

export const packageSearchParamsSchema = z.object({
  typeId: optionalId,
  cityId: optionalId,
  interests: idListSchema.optional(),
  pageIndex: pageIndexParam.default(1),
  pageSize: z.coerce
    .number({ message: 'must be between 1 and 48' })
    .int()
    .min(1, 'must be between 1 and 48')
    .max(48, 'must be between 1 and 48')
    .default(12),
  sort: packageSortSchema.default('popular'),
});
export type PackageSearchParams = z.input<typeof packageSearchParamsSchema>;

export const packageSearchResultSchema = z.object({
  packages: z.array(packageCardSchema),
  total: z.number().int().nonnegative(),
});
export type PackageSearchResult = z.infer<typeof packageSearchResultSchema>;

// ---------- package detail ----------
export const itineraryDaySchema = z.object({ day: z.number().int(), title: z.string(), description: z.string() });
export type ItineraryDay = z.infer<typeof itineraryDaySchema>;

/** A package card plus everything its page shows. `price`/`compareAt` are for the requesting site. */
export const packageDetailSchema = packageCardSchema.extend({
  highlights: z.array(z.string()),
  /** Who fits in one room (infants not counted), and the age from which a child travels as an adult. */
  occupancy: z.object({
    maxAdultsPerRoom: z.number().int(),
    maxPeoplePerRoom: z.number().int(),
    childAgeLimit: z.number().int(),
  }),
  itinerary: z.array(itineraryDaySchema),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  /** Image paths without `-<w>.webp` (widths 480/960/1440); the hero image comes first. */
  gallery: z.array(z.string()),
  interests: z.array(namedRefSchema),
  /** The newest reviews of this package (up to 10); use getReviews with PackageId for more. */
  reviews: z.array(reviewSchema),
  /** A few other packages in the same city (or of the same trip type), priced for the site. */
  related: z.array(packageCardSchema),
  /** Whether it is overseas for the site (India: TCS) and its UAE VAT treatment. */
  tax: packageTaxSchema.optional(),
  /** The taxes a price on this site carries today (GetTaxRules), shown beside the price. */
  taxRules: siteTaxRulesSchema.optional(),
  /** Days before travel → share kept (contract/cancellation.ts); shown as the page's cancellation policy. */
  cancellationPolicy: cancellationPolicySchema.optional(),
  /** Alt text of uploaded pictures, by path (issue 21); a picture without one is described by its place. */
  imageAlts: z.record(z.string(), z.string()).optional(),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

export const packageDetailParamsSchema = z.object({ Slug: slugParam });

// ---------- listing filters ----------
export const packageFiltersSchema = z.object({
  tripTypes: z.array(namedRefSchema.extend({ packageCount: z.number().int() })),
  /** Destination cities that have packages, with their country (for grouping). */
  cities: z.array(
    namedRefSchema.extend({
      packageCount: z.number().int(),
      country: z.object({ id: z.number().int(), name: z.string() }),
    }),
  ),
  interests: z.array(namedRefSchema.extend({ packageCount: z.number().int() })),
});
export type PackageFilters = z.infer<typeof packageFiltersSchema>;

// ---------- free-text search (issue 22) ----------
export const SEARCH_PAGE_SIZE = 24;
export const searchParamsSchema = z.object({
  q: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required: type what you are looking for')
    .max(100, 'must be at most 100 characters'),
  pageIndex: pageIndexParam.default(1),
});
export const searchResultSchema = z.object({
  /** The query as searched (trimmed). */
  query: z.string(),
  /** 'all': every word matched; 'any': nothing matched every word, these match some; 'none': nothing matched. */
  match: z.enum(['all', 'any', 'none']),
  packages: z.array(packageCardSchema),
  total: z.number().int(),
  /** When nothing matched: places and trip types to try instead, each with its link. */
  suggestions: z.array(z.object({ label: z.string(), url: z.string() })),
  /** A word of the query that looks mistyped ("maldivs"), and the place or trip type it likely meant, as a search. */
  didYouMean: z.object({ label: z.string(), url: z.string() }).nullish(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
