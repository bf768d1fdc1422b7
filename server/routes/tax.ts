import type { FastifyInstance } from 'fastify';
import { getTaxRules } from '../../contract/tax-calls.ts';
import { ok } from '../lib/envelope.ts';
import { route } from '../lib/route.ts';
import { siteTaxRules } from '../services/tax-rules.ts';

export async function taxRoutes(app: FastifyInstance) {
  route(app, getTaxRules, async (_params, request) =>
    ok(await siteTaxRules(app.db, app.config.TCS_RATE_PERCENT, request.site)),
  );
}
