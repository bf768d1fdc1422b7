import type { FastifyInstance } from 'fastify';
import {
  getDeals,
  getDealsModuleData,
  getSeasonalDealCategory,
  getSeasonalDealSubCategoryBySlug,
} from '../../contract/deal-calls.ts';
import { ok } from '../lib/envelope.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import {
  dealCategoryBySlug,
  dealCategoryList,
  dealList,
  dealsByIds,
  UnknownSlug,
} from '../services/promotions/deals.ts';

export async function dealRoutes(app: FastifyInstance) {
  route(app, getSeasonalDealCategory, async (_params, request) => ok(await dealCategoryList(app.db, request.site)));

  route(app, getSeasonalDealSubCategoryBySlug, async ({ Slug }, request) => {
    const found = await dealCategoryBySlug(app.db, request.site, Slug);
    if (!found) throw notFound('There is no deal category with this slug.');
    return ok(found);
  });

  route(app, getDeals, async (params, request) => {
    try {
      const result = await dealList(app.db, request.site, params);
      return ok(result, result.total ? 'OK' : 'No deals right now. Check back soon.');
    } catch (err) {
      if (err instanceof UnknownSlug) throw notFound(err.message);
      throw err;
    }
  });

  route(app, getDealsModuleData, async ({ ids, moduleType }, request) =>
    ok(await dealsByIds(app.db, request.site, ids, moduleType)),
  );
}
