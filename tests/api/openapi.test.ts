import { validate } from '@readme/openapi-parser';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_UNIT_KEY, MONEY_UNIT_TEXT } from '../../contract/money.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';
import { isDocumented } from '../../server/openapi.ts';
import { openTestDatabase } from '../support/test-database.ts';

/*
 * The API document (/api/openapi.json): valid OpenAPI 3.1 by an OpenAPI validator, naming every
 * route the server registers under /api (as Fastify's onRoute hook reports them) and nothing else,
 * with each parameter where the call takes it, the error answers, and the unit of every money field.
 */

type Json = Record<string, unknown>;
let app: FastifyInstance;
let database: Database;
const registered: { method: string; url: string }[] = [];
let doc: { openapi: string; paths: Record<string, Record<string, Json>> };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    config: testConfig(),
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Fastify's `/bookings/:ref` as OpenAPI writes it: `/bookings/{ref}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

function operation(method: string, path: string): Json {
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  return op;
}

function jsonOf(node: unknown): Json {
  return node as Json;
}

/** The JSON schema of an operation's 200 answer. */
const answerSchema = (op: Json) =>
  jsonOf(jsonOf(jsonOf(jsonOf(op.responses)['200']).content)['application/json']).schema as Json;

/** Follows a path of property names (`[]` steps into an array's items) through a JSON schema. */
function at(schema: Json, ...path: string[]): Json {
  let node = schema;
  for (const step of path) {
    if (step === '[]') node = node.items as Json;
    else {
      const props = (node.properties ??
        (node.anyOf as Json[] | undefined)?.find((s) => (s.properties as Json | undefined)?.[step])?.properties) as
        Json | undefined;
      if (!props?.[step]) throw new Error(`no property ${step} in ${JSON.stringify(node).slice(0, 200)}`);
      node = props[step] as Json;
    }
  }
  // An optional or nullable field is a union of the field and null.
  const anyOf = node.anyOf as Json[] | undefined;
  return anyOf?.find((s) => s.type !== 'null') ?? node;
}

/** Every property of every schema in the document, with where it is. */
function* properties(node: unknown, where: string): Generator<{ name: string; schema: Json; where: string }> {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) yield* properties(n, `${where}[${i}]`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Json;
  if (obj.properties && typeof obj.properties === 'object') {
    for (const [name, schema] of Object.entries(obj.properties as Json))
      yield { name, schema: schema as Json, where: `${where}.${name}` };
  }
  for (const [key, value] of Object.entries(obj)) yield* properties(value, `${where}.${key}`);
}

describe('the API document', () => {
  it('is valid OpenAPI 3.1 (checked by @readme/openapi-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every /api route the server registers, and nothing else', () => {
    const expected = new Set(
      registered.filter((r) => isDocumented(r.method, r.url)).map((r) => `${r.method} ${openapiPath(r.url)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((k) => k !== 'parameters')
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    // The parts of the API the issue names, each there.
    for (const part of [
      'POST /api/Common/GetCart',
      'POST /api/Common/CreateBooking',
      'GET /api/auth/session',
      'POST /api/payments/stripe/webhook',
      'POST /api/payments/razorpay/webhook',
      'GET /api/admin/bookings',
      'POST /api/admin/bookings/{ref}/payments',
    ]) {
      expect(expected, part).toContain(part);
    }
    expect(expected.size).toBeGreaterThan(100);
    expect(
      [...documented].filter((r) => !expected.has(r)),
      'in the document but not a route',
    ).toEqual([]);
    expect(
      [...expected].filter((r) => !documented.has(r)),
      'a route missing from the document',
    ).toEqual([]);
    // Nor the document itself, its page or the shop's pages.
    expect(
      Object.keys(doc.paths).filter(
        (p) => !p.startsWith('/api/') || p.startsWith('/api/docs') || p === '/api/openapi.json',
      ),
    ).toEqual([]);
  });

  it('puts parameters where each call takes them: a GET in the query, a POST in a JSON body (the query is read too)', () => {
    const get = operation('GET', '/api/Common/Holiday/GetPackageDetail');
    expect((get.parameters as Json[]).map((p) => `${p.in}:${p.name}`)).toContain('query:Slug');
    expect(get.requestBody).toBeUndefined();

    const post = operation('POST', '/api/Common/Login');
    expect(post.parameters).toBeUndefined();
    const body = jsonOf(jsonOf(jsonOf(post.requestBody).content)['application/json']).schema as Json;
    expect(Object.keys(body.properties as Json)).toEqual(expect.arrayContaining(['EmailorPhone', 'Password']));
    expect(post.description).toMatch(/query string, or a JSON body/);

    // Files: the token in the query, the file as a form.
    const upload = operation('POST', '/api/Common/UpdateProfileImage');
    expect((upload.parameters as Json[]).map((p) => `${p.in}:${p.name}`)).toContain('query:token');
    expect(Object.keys(jsonOf(jsonOf(upload.requestBody).content))).toEqual(['multipart/form-data']);

    // The back office: path parameters, a body its route checks after the guard, the permission.
    const pay = operation('POST', '/api/admin/bookings/{ref}/payments');
    expect((pay.parameters as Json[]).map((p) => `${p.in}:${p.name}`)).toEqual(['path:ref']);
    const payBody = jsonOf(jsonOf(jsonOf(pay.requestBody).content)['application/json']).schema as Json;
    expect(Object.keys(payBody.properties as Json)).toEqual(['amount', 'method', 'reference', 'receivedOn']);
    expect(pay.description).toMatch(/payments\.record \(roles: owner, agent, accounts\)/);
    expect(pay.security).toEqual([{ staffSession: [], csrfToken: [] }]);
  });

  it('gives the envelope and the error answers of every call', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses), `${method} ${path}`).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
        const error = jsonOf(jsonOf(responses['4XX']!.content)['application/json']).schema as Json;
        expect(jsonOf(error.properties).status).toEqual({ type: 'string', enum: ['error'] });
      }
    }
    const cart = answerSchema(operation('POST', '/api/Common/GetCart'));
    expect(Object.keys(cart.properties as Json)).toEqual(['status', 'message', 'data']);
  });

  it('says the unit of every money field: the smallest unit, the catalogue, the cart and the coupons as bookings', () => {
    const unit = (s: Json) => ({ unit: s[MONEY_UNIT_KEY], description: s.description });
    const smallest = { unit: 'smallest', description: MONEY_UNIT_TEXT.smallest };
    expect(
      unit(at(answerSchema(operation('POST', '/api/Common/GetCart')), 'data', '[]', 'data', '[]', 'unitPrice')),
    ).toEqual(smallest);
    expect(unit(at(answerSchema(operation('POST', '/api/Common/GetTempBooking')), 'data', '[]', 'total'))).toEqual(
      smallest,
    );
    expect(
      unit(
        at(
          answerSchema(operation('GET', '/api/Common/Holiday/GetFeaturedPackages')),
          'data',
          'packages',
          '[]',
          'price',
          'amount',
        ),
      ),
    ).toEqual(smallest);
    expect(unit(at(answerSchema(operation('GET', '/api/Common/BookingDetailById')), 'data', 'Total'))).toEqual(
      smallest,
    );
    expect(unit(at(answerSchema(operation('GET', '/api/Common/BookingDetailById')), 'data', 'amountDue'))).toEqual(
      smallest,
    );
    expect(unit(at(answerSchema(operation('GET', '/api/Common/GetInvoiceDetails')), 'data', 'total'))).toEqual(
      smallest,
    );
    const pay = operation('POST', '/api/admin/bookings/{ref}/payments');
    expect(
      unit(at(jsonOf(jsonOf(jsonOf(pay.requestBody).content)['application/json']).schema as Json, 'amount')),
    ).toEqual(smallest);

    // One unit in the whole document: every field that says a unit says the smallest, and no component says another.
    const units = [...properties(doc.paths, 'paths')]
      .filter(({ schema }) => at(schema)[MONEY_UNIT_KEY] !== undefined)
      .map(({ where, schema }) => [where, at(schema)[MONEY_UNIT_KEY]]);
    expect(units.length).toBeGreaterThan(20);
    expect(units.filter(([, u]) => u !== 'smallest')).toEqual([]);
    expect(Object.keys(jsonOf(jsonOf(jsonOf(doc).components).schemas))).toEqual(['MoneyInSmallestUnit']);

    // Anything named like money, anywhere in the document, says its unit (counts named total excepted).
    const MONEY_NAME =
      /(price|amount|subtotal|discount|paid|due|total|threshold|keep|refund|refunded|base|balance|fare)$/i;
    const unmarked = [...properties(doc.paths, 'paths')]
      .filter(({ name, schema }) => MONEY_NAME.test(name) && ['integer', 'number'].includes(String(at(schema).type)))
      .filter(({ schema }) => !at(schema)[MONEY_UNIT_KEY])
      .map(({ where }) => where);
    const counts = unmarked.filter(
      (w) =>
        /\.total$/.test(w) &&
        /(SearchHolidays|GetPackagesByTypeCityAndInterest|GetDeals|Coupon|BookingsList|GetCommonBlog|getReviews|admin\/(bookings|audit|refunds))/.test(
          w,
        ),
    );
    expect(unmarked.filter((w) => !counts.includes(w))).toEqual([]);
    // The counts are counts: paging's and search results' totals.
    expect(counts.length).toBeGreaterThan(0);
    for (const w of counts) expect(w).toMatch(/\.data\.total$/);
  });

  it('is served with a reference page from the shop itself, no other host', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const src of sources) {
      expect(src, 'served by the shop').toMatch(/^\/api\/docs\//);
      const asset = await app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().paths).toEqual(doc.paths);
  });
});
