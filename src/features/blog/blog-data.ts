import { getBlogDetail, getCommonBlogUsingModuleId } from '../../../contract/content-calls.ts';
import type { Prefetch, RouteContext } from '../../app/prefetch.ts';
import { pageIndexes, pagesShown } from '../content/paging.ts';

export const BLOG_PAGE_SIZE = 12;
/** `blog` lists every post (the /blog page). */
export const blogListParams = (pageIndex: number) => ({ PageName: 'blog', pageIndex, pageSize: BLOG_PAGE_SIZE });
export const blogPostParams = (slug: string) => ({ Slug: slug });

export function blogPrefetch({ search }: RouteContext): Prefetch[] {
  return pageIndexes(pagesShown(search)).map((p) => ({ call: getCommonBlogUsingModuleId, params: blogListParams(p) }));
}

export function blogPostPrefetch({ params }: RouteContext): Prefetch[] {
  return [{ call: getBlogDetail, params: blogPostParams(params.slug ?? ''), required: true }];
}
