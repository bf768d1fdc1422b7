import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE } from '../../server/lib/faults.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    web: async (app) => {
      app.get('/api/Common/__boom', async () => {
        throw new Error('secret detail: select * from users');
      });
    },
  });
});
afterAll(() => t.close());

describe('envelope and Country header', () => {
  it('answers in AED by default and for Country: UAE', async () => {
    for (const headers of [{}, { country: 'UAE' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/Common/Holiday/GetFeaturedPackages', headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'success', message: expect.any(String) });
      expect(body.data.packages.length).toBeGreaterThan(0);
      for (const p of body.data.packages) expect(p.price.currency).toBe('AED');
    }
  });

  it('answers in rupees for Country: IN, never mixing currencies', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Common/Holiday/GetFeaturedPackages',
      headers: { country: 'IN' },
    });
    const { data } = res.json();
    const currencies = new Set(
      data.packages.flatMap((p: { price: { currency: string }; compareAt: { currency: string } | null }) =>
        [p.price.currency, p.compareAt?.currency].filter(Boolean),
      ),
    );
    expect([...currencies]).toEqual(['INR']);
  });

  it('refuses an unknown country with a clear message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Common/Holiday/GetFeaturedPackages',
      headers: { country: 'FR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'The Country header must be IN or UAE.', data: null });
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest',
      headers: { 'content-type': 'application/json' },
      payload: '{"cityId": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'The request body is not valid JSON.', data: null });
  });

  it('names the field with a wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest',
      payload: { cityId: 'goa' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(body.message).toBe('cityId: must be a numeric id');
  });

  it('takes parameters from the query string in any case, as the spec writes them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest?CityId=1&PageSize=2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.packages.length).toBeLessThanOrEqual(2);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ cityId: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', message: 'The request is too large.' });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Common/NoSuchCall' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'There is no API call at GET /api/Common/NoSuchCall.',
      data: null,
    });
  });

  it('hides the details of a server fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Common/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Something went wrong on our side. Please try again in a moment.',
      data: null,
    });
    expect(res.body).not.toMatch(/secret|select|stack|at /);
  });
});

describe('health and readiness', () => {
  it('/api/health says the process is alive; /api/ready asks the database', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    // And the free space of the uploads' disk (issue 33), low under 1 GB.
    const disk = ready.json().data.disk;
    expect(ready.json()).toEqual({
      status: 'success',
      message: 'Ready',
      data: {
        db: 'up',
        disk: { bytesFree: expect.any(Number), bytesTotal: expect.any(Number), low: disk.bytesFree < 1024 ** 3 },
      },
    });
    expect(disk.bytesFree).toBeGreaterThan(0);
    expect(disk.bytesTotal).toBeGreaterThanOrEqual(disk.bytesFree);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/api/ready answers 503 when the database does not answer', async () => {
    const other = await createTestApp({ seed: false });
    await other.database.close();
    const ready = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'error', message: 'Not ready: the database is not answering.', data: null });
    expect(ready.headers['retry-after']).toBe('5');
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A call that needs the database: 503 with Retry-After and a plain message, not a 500 (issue 33).
    const cart = await other.app.inject({
      method: 'POST',
      url: '/api/Common/GetCart',
      headers: { country: 'UAE' },
      payload: { tempUserId: randomUUID() },
    });
    expect(cart.statusCode).toBe(503);
    expect(cart.headers['retry-after']).toBe('5');
    expect(cart.json()).toEqual({ status: 'error', message: DATABASE_BUSY_MESSAGE, data: null });
    await other.app.close();
  });
});

describe('headers', () => {
  it('sends documents a Content-Security-Policy that allows only our origin, and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API answers the headers that matter for data: nothing loaded or framed, no sniffing, same origin only', async () => {
    for (const url of ['/api/health', '/api/Common/GetCountry']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/GetPackagesByTypeCityAndInterest',
      headers: { 'accept-encoding': 'gzip' },
      payload: { typeId: 1, pageSize: 48 },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
