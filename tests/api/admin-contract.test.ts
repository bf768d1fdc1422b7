import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath } from '../../contract/admin-api.ts';
import { PERMISSIONS, STAFF_ROLES } from '../../contract/staff.ts';
import { adminContractCalls, type NamedAdminCall } from '../support/contract-calls.ts';
import { staffer, type Staffer } from '../support/staff-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The back-office calls declared in contract/admin-*-calls.ts (decision 0111): each is a route at
 * its method and path, in the API document with the permission it declares, its path parameters
 * and its body's fields; its guard refuses without a session (401) and the roles without the
 * permission (403), as every admin route's does; and the answer's data is what it declares.
 */

type Json = Record<string, unknown>;
let t: TestApp;
let declared: NamedAdminCall[];
let doc: { paths: Record<string, Record<string, Json>> };
const signed = {} as Record<(typeof STAFF_ROLES)[number], Staffer>;

beforeAll(async () => {
  t = await createTestApp();
  declared = await adminContractCalls();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const role of STAFF_ROLES) signed[role] = await staffer(t, role);
}, 120_000);
afterAll(() => t.close());

/** `coupons/:id` as the document writes it. */
const documented = (path: string) => `/api/admin/${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
/** The path with each parameter an id that names nothing. */
const filled = (path: string) =>
  `/api/admin/${adminPath(path, Object.fromEntries([...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, 999999])))}`;

describe('back-office calls declared in the contract', () => {
  it('are the promotions and staff accounts, each once', () => {
    const names = declared.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'GET coupons',
      'POST coupons/:id',
      'POST deals/order',
      'POST banners/pictures',
      'POST staff/:id/reset',
      'GET me/sessions',
      'POST me/password',
      'POST login',
    ])
      expect(names).toContain(name);
  });

  it('are every back-office route there is, but the command line’s and the pictures’ (decision 0111)', () => {
    const declaredRoutes = new Set(declared.map(({ call }) => `${call.method} ${documented(call.path)}`));
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    // Not staff calls: `npm run staff` on this machine (its own loopback secret), and uploaded pictures (public files).
    const undeclared = routes.filter((r) => !declaredRoutes.has(r) && !/ \/api\/admin\/(cli\/|images\/)/.test(r));
    expect(undeclared).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('are each in the API document with their permission, path parameters and body fields', () => {
    for (const { name, call } of declared) {
      const op = doc.paths[documented(call.path)]?.[call.method.toLowerCase()];
      expect(op, `${name} in the document`).toBeDefined();
      const description = String(op!.description);
      const permission = call.permission;
      if (permission === 'signed-out') expect(description, name).not.toContain('Needs');
      else if (permission)
        expect(description, name).toContain(
          `Needs the permission ${permission} (roles: ${STAFF_ROLES.filter((r) => PERMISSIONS[r].includes(permission)).join(', ')})`,
        );
      else expect(description, name).toContain('Needs a staff session');
      const pathParams = ((op!.parameters as Json[] | undefined) ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(pathParams, name).toEqual([...call.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
      if (call.body) {
        const body = ((op!.requestBody as Json).content as Json)['application/json'] as Json;
        const fields = Object.keys((body.schema as Json).properties as Json);
        expect(fields, name).toEqual(Object.keys((call.body as unknown as { shape: Json }).shape));
      }
      const content = ((op!.responses as Json)['200'] as Json).content as Json;
      // A file (a CSV download, or a stored file of the media types it names) is documented as the file, every other
      // answer as the envelope.
      if (call.file === 'stored')
        expect(Object.keys(content), name).toEqual((call.data.meta() as { mediaTypes: string[] }).mediaTypes);
      else if (call.file) expect(Object.keys(content), name).toEqual(['text/csv']);
      else
        expect(Object.keys(((content['application/json'] as Json).schema as Json).properties as Json), name).toEqual([
          'status',
          'message',
          'data',
        ]);
    }
    // An answer declared in zod is documented field by field.
    const ended = doc.paths['/api/admin/me/sessions/end-others']!.post!;
    const data = (
      ((((ended.responses as Json)['200'] as Json).content as Json)['application/json'] as Json).schema as Json
    ).properties as Json;
    expect(Object.keys((data.data as Json).properties as Json)).toEqual(['ended']);
  });

  it('refuse without a session (401) and every role without the permission (403), whatever is sent; set-up and sign-in ask none', async () => {
    for (const { name, call } of declared) {
      const none = await t.app.inject({
        method: call.method,
        url: filled(call.path),
        ...(call.method === 'GET' ? {} : { payload: {} }),
      });
      if (call.permission === 'signed-out') {
        // Set-up and sign-in start the session, so none is asked: an empty body is refused for itself.
        expect(none.statusCode, name).toBe(400);
        expect(none.json(), name).toMatchObject({ status: 'error' });
        continue;
      }
      expect(none.statusCode, name).toBe(401);
      expect(none.json(), name).toMatchObject({ status: 'error', message: 'Please sign in to the back office.' });
      for (const role of STAFF_ROLES) {
        if (call.permission === null || PERMISSIONS[role].includes(call.permission)) continue;
        const s = signed[role];
        const res = await t.app.inject({
          method: call.method,
          url: filled(call.path),
          headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
          ...(call.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${role} ${name}`).toBe(403);
        expect(res.json(), `${role} ${name}`).toMatchObject({ status: 'error', message: 'Your role may not do this.' });
      }
    }
  });

  it('check the body and path parameters by the declared schemas, with words a person can act on', async () => {
    const s = signed.catalogue;
    const headers = { cookie: s.cookie, 'x-csrf-token': s.csrf };
    const badId = await t.app.inject({ method: 'GET', url: '/api/admin/coupons/abc', headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ status: 'error' });
    expect(badId.json().message).toMatch(/The id must be a number/);
    const badOrder = await t.app.inject({
      method: 'POST',
      url: '/api/admin/deals/order',
      headers,
      payload: { ids: [] },
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toMatch(/Send the ids in their new order/);
  });

  it('take malformed path parameters and body fields with a 4xx in words, never a 5xx (as the shop’s contract fuzzing does)', async () => {
    // 3,000,000,000: a whole number past the database's integer (a query with it failed with a 500 before).
    const VALUES: unknown[] = [
      null,
      '',
      'a'.repeat(5000),
      { nested: true },
      ['1'],
      true,
      -1,
      1.5,
      1e308,
      3_000_000_000,
      '\u0000',
    ];
    const PATH_VALUES = ['abc', '-1', '0', '1e400', '9'.repeat(30), '3000000000', '%00'];
    const sendAs = (call: NamedAdminCall['call']) =>
      signed[
        call.permission && call.permission !== 'signed-out' && !PERMISSIONS.catalogue.includes(call.permission)
          ? 'owner'
          : 'catalogue'
      ];
    const check = (label: string, res: { statusCode: number; json: () => { status?: string; message?: string } }) => {
      expect(res.statusCode, label).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expect(res.json().status, label).toBe('error');
        expect(String(res.json().message).length, label).toBeGreaterThan(3);
      }
    };
    for (const { name, call } of declared) {
      const s = sendAs(call);
      const headers = { cookie: s.cookie, 'x-csrf-token': s.csrf };
      for (const param of [...call.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)) {
        for (const value of PATH_VALUES) {
          const url = `/api/admin/${call.path.replace(`:${param}`, value).replace(/:[A-Za-z0-9_]+/g, '999999')}`;
          check(
            `${name} with ${param}=${value}`,
            await t.app.inject({
              method: call.method,
              url,
              headers,
              ...(call.method === 'GET' ? {} : { payload: {} }),
            }),
          );
        }
      }
      if (!call.body) continue;
      for (const field of Object.keys((call.body as unknown as { shape: Json }).shape)) {
        for (const value of VALUES) {
          const res = await t.app.inject({
            method: call.method,
            url: filled(call.path),
            headers,
            payload: { [field]: value },
          });
          check(`${name} with ${field}=${JSON.stringify(value)?.slice(0, 20)}`, res);
          if (call.path === 'me/password') expect(res.statusCode, `${name} with ${field}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    // Some two thousand requests, one after another: on a loaded 2-core machine more than the default 20 s.
  }, 180_000);

  it('answer the data they declare', async () => {
    const s = signed.catalogue;
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: { cookie: s.cookie } });
    expect(list.statusCode).toBe(200);
    expect(Object.keys(list.json().data).sort()).toEqual([
      'categories',
      'destinations',
      'items',
      'packages',
      'tripTypes',
    ]);
    const owner = signed.owner;
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/sessions/end-others',
      headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ status: 'success', message: 'You had no other sessions.', data: { ended: 0 } });
  });
});

describe('adminPath', () => {
  it('fills and encodes each parameter, and refuses one left out', () => {
    expect(adminPath('bookings/:ref/lines/:lineId', { ref: 'WH/26 1', lineId: 7 })).toBe(
      'bookings/WH%2F26%201/lines/7',
    );
    expect(adminPath('coupons', {})).toBe('coupons');
    expect(() => adminPath('coupons/:id', {})).toThrow(/needs its parameter id/);
  });
});
