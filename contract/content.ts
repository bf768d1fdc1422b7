import { z } from 'zod';
import {
  isoDateTime,
  optionalIdParam,
  pageIndexParam,
  pageInfoSchema,
  pageNameParam,
  pageSizeParam,
  slugParam,
} from './common.ts';

// ---------- banners ----------
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Path without `-<w>.webp`: `/images/banners/banner-<k>` (widths 640/1280). */
  image: z.string(),
  /** Site-relative link (no /in prefix: the app adds it). */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** BannerType e.g. `home`, `holidays`, `deals`; unknown types answer an empty list. */
export const bannerParamsSchema = z.object({ BannerType: pageNameParam });

// ---------- mission statements ----------
export const missionStatementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (p, h2, h3, ul, ol, li, strong, em, a). */
  body: z.string(),
});
export type MissionStatement = z.infer<typeof missionStatementSchema>;

export const missionStatementParamsSchema = z.object({ PageType: pageNameParam });

// ---------- reviews ----------
export const reviewSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int().nullable(),
  author: z.string(),
  location: z.string(),
  /** 1..5 */
  rating: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  /** yyyy-mm-dd or null. */
  travelledOn: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * PageType (e.g. `home`) selects a page's reviews; PackageId selects one package's reviews (then
 * PageType is ignored). One of the two is required.
 */
export const reviewsParamsSchema = z.object({
  PageType: pageNameParam.optional(),
  PackageId: optionalIdParam,
  pageIndex: pageIndexParam.default(1),
  pageSize: pageSizeParam(50).default(10),
});

export const reviewsResultSchema = pageInfoSchema.extend({
  reviews: z.array(reviewSchema),
  /** Average rating over all matching reviews (0 when there are none), one decimal. */
  averageRating: z.number(),
});
export type ReviewsResult = z.infer<typeof reviewsResultSchema>;

// ---------- blog ----------
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Path without `-<w>.webp`: `/images/blog/blog-<k>` (widths 480/960). */
  image: z.string(),
  author: z.string(),
  publishedAt: isoDateTime,
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  /** Sanitised HTML (p, h2, h3, ul, ol, li, strong, em, a[href]). */
  body: z.string(),
  pageName: z.string(),
  /** A few other posts to read next (newest first). */
  related: z.array(blogPostSummarySchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * Spec: Blog/GetCommonBlogUsingModuleId (PageName). PageName e.g. `home`; `blog` or `all` lists
 * every post (the /blog page). Newest first, paged.
 */
export const blogListParamsSchema = z.object({
  PageName: pageNameParam,
  pageIndex: pageIndexParam.default(1),
  pageSize: pageSizeParam(48).default(12),
});
export const blogListResultSchema = pageInfoSchema.extend({ posts: z.array(blogPostSummarySchema) });
export type BlogListResult = z.infer<typeof blogListResultSchema>;

export const blogDetailParamsSchema = z.object({ Slug: slugParam });

// ---------- footer ----------
export const footerHeadingSchema = z.object({
  id: z.number().int(),
  heading: z.string(),
  /** Site-relative (`/holidays?cityId=3`) or absolute URLs. */
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type FooterHeading = z.infer<typeof footerHeadingSchema>;

// ---------- global search ----------
export const searchSuggestionTypeSchema = z.enum(['destination', 'package', 'deal']);
export type SearchSuggestionType = z.infer<typeof searchSuggestionTypeSchema>;

export const searchSuggestionSchema = z.object({
  type: searchSuggestionTypeSchema,
  label: z.string(),
  /** A short second line, e.g. the country of a destination or the city and nights of a package. */
  detail: z.string(),
  /**
   * Site-relative URL without the /in prefix (the app adds it): `/holidays?cityId=3` for a
   * destination, `/holidays/<slug>` for a package, `/deals/<category-slug>` for a deal.
   */
  url: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** prefix: what the traveller typed so far (1..60 characters); matched at word starts, case-insensitively. */
export const globalSearchParamsSchema = z.object({
  prefix: z.string({ message: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  limit: pageSizeParam(20).default(8),
});
export const globalSearchResultSchema = z.object({ suggestions: z.array(searchSuggestionSchema) });
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;

/** The seller on the asking site, as the legal pages and receipts name it (SHOP_UAE / SHOP_IN override it). */
export const shopPublicSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  address: z.array(z.string()),
  taxLabel: z.string(),
  taxNumber: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type ShopPublic = z.infer<typeof shopPublicSchema>;
