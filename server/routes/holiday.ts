import type { FastifyInstance } from 'fastify';
import {
  getFeaturedPackages,
  getPackageDetail,
  getPackageFilters,
  getPackagesByTypeCityAndInterest,
  searchHolidays,
} from '../../contract/catalogue-calls.ts';
import { searchHolidays as search } from '../services/catalogue/holiday-search.ts';
import { ok } from '../lib/envelope.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { featuredPackages, searchPackages } from '../services/catalogue/package-cards.ts';
import { packageDetail, packageFilters } from '../services/catalogue/package-detail.ts';
import { siteTaxRules } from '../services/tax-rules.ts';

export async function holidayRoutes(app: FastifyInstance) {
  route(app, searchHolidays, async ({ q, pageIndex }, request) => ok(await search(app.db, request.site, q, pageIndex)));

  route(app, getFeaturedPackages, async ({ limit }, request) =>
    ok({ packages: await featuredPackages(app.db, request.site, limit) }),
  );

  route(app, getPackagesByTypeCityAndInterest, async (params, request) => {
    if (!params.cityId && !params.typeId) throw invalid('CityId and TripTypeId are required');
    const result = await searchPackages(app.db, request.site, params);
    return ok(result, result.total ? 'OK' : 'No holidays match these filters.');
  });

  route(app, getPackageDetail, async ({ Slug }, request) => {
    const detail = await packageDetail(app.db, request.site, Slug);
    if (!detail) throw notFound('This holiday package was not found.');
    return ok({ ...detail, taxRules: await siteTaxRules(app.db, app.config.TCS_RATE_PERCENT, request.site) });
  });

  route(app, getPackageFilters, async (_params, request) => ok(await packageFilters(app.db, request.site)));
}
