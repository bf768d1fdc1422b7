import type { FastifyInstance } from 'fastify';
import {
  getBanner,
  getBlogDetail,
  getCommonBlogUsingModuleId,
  getFooterHeading,
  getGlobalSearchList,
  getMissionStatment,
  getMissionStatmentForListingPage,
  getReviews,
  getShopDetails,
} from '../../contract/content-calls.ts';
import { ok } from '../lib/envelope.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { shopDetails } from '../services/shop-details.ts';
import {
  bannersFor,
  blogPost,
  blogPostsFor,
  footer,
  globalSearch,
  missionStatement,
  packageExists,
  reviewsFor,
} from '../services/content.ts';

export async function contentRoutes(app: FastifyInstance) {
  route(app, getBanner, async ({ BannerType }, request) => ok(await bannersFor(app.db, request.site, BannerType)));

  route(app, getMissionStatment, async ({ PageType }) => ok(await missionStatement(app.db, PageType, false)));

  route(app, getMissionStatmentForListingPage, async ({ PageType }) =>
    ok(await missionStatement(app.db, PageType, true)),
  );

  route(app, getReviews, async ({ PageType, PackageId, pageIndex, pageSize }, request) => {
    if (!PageType && !PackageId) throw invalid('PageType or PackageId is required.');
    if (PackageId && !(await packageExists(app.db, PackageId))) throw notFound('This holiday package was not found.');
    return ok(
      await reviewsFor(app.db, { site: request.site, pageType: PageType, packageId: PackageId, pageIndex, pageSize }),
    );
  });

  route(app, getCommonBlogUsingModuleId, async ({ PageName, pageIndex, pageSize }) =>
    ok(await blogPostsFor(app.db, { pageName: PageName, pageIndex, pageSize })),
  );

  route(app, getBlogDetail, async ({ Slug }) => {
    const post = await blogPost(app.db, Slug);
    if (!post) throw notFound('This blog post was not found.');
    return ok(post);
  });

  route(app, getFooterHeading, async () => ok(await footer(app.db)));

  route(app, getShopDetails, async (_params, request) => {
    const { legalName, tradeName, address, taxLabel, taxNumber, phone, email } = shopDetails(app.config, request.site);
    return ok({ legalName, tradeName, address, taxLabel, taxNumber, phone, email });
  });

  route(app, getGlobalSearchList, async ({ prefix, limit }, request) =>
    ok({ suggestions: await globalSearch(app.db, request.site, prefix, limit) }),
  );
}
