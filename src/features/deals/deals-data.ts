import { getBanner } from '../../../contract/content-calls.ts';
import { getDeals, getSeasonalDealCategory, getSeasonalDealSubCategoryBySlug } from '../../../contract/deal-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';
import { pageIndexes, pagesShown } from '../content/paging.ts';

export const DEALS_PAGE_SIZE = 12;
export const dealsBannerParams = { BannerType: 'deals' };
export const dealCategoriesParams = {};
export const dealCategoryParams = (slug: string) => ({ Slug: slug });

/** One page of deals, optionally of one category and subcategory. */
export function dealsParams(pageIndex: number, categorySlug?: string, subCategorySlug?: string) {
  return { categorySlug, subCategorySlug, pageIndex, pageSize: DEALS_PAGE_SIZE };
}

/** A subcategory slug from `?sub=`, when it looks like one. */
export function subFromSearch(search: URLSearchParams): string | undefined {
  const sub = search.get('sub')?.trim();
  return sub && /^[a-z0-9-]{1,200}$/.test(sub) ? sub : undefined;
}

export function dealsPrefetch({ search }: RouteContext): Prefetch[] {
  return [
    { call: getBanner, params: dealsBannerParams },
    { call: getSeasonalDealCategory, params: dealCategoriesParams },
    ...pageIndexes(pagesShown(search)).map((p) => ({ call: getDeals, params: dealsParams(p) })),
  ];
}

/** An unknown category answers 404, and so does the page. */
export function dealCategoryPrefetch({ params, search }: RouteContext): Prefetch[] {
  const slug = params.slug ?? '';
  const sub = subFromSearch(search);
  return [
    { call: getSeasonalDealSubCategoryBySlug, params: dealCategoryParams(slug), required: true },
    ...pageIndexes(pagesShown(search)).map((p) => ({ call: getDeals, params: dealsParams(p, slug, sub) })),
  ];
}
