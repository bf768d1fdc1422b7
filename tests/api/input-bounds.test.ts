import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Input that once reached Postgres and answered 500: a NUL byte in text, an id past the integer
// column's range, unbounded lists and cart options. Each is refused by the contract with a 400.

let t: TestApp;
let packageId: number;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/Common/Holiday/GetFeaturedPackages?limit=1' });
  packageId = res.json().data.packages[0].id;
});
afterAll(() => t.close());

const travelDate = () => new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const guest = 'guest-bounds-0001';

async function send(method: 'GET' | 'POST', path: string, params: Record<string, unknown>, asJson = true) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res =
    method === 'GET' || !asJson
      ? await t.app.inject({ method, url: `/api/Common/${path}?${qs}` })
      : await t.app.inject({ method, url: `/api/Common/${path}`, payload: params });
  return { code: res.statusCode, body: res.json() as { status: string; message: string; data: unknown } };
}

describe('a NUL byte in a text parameter', () => {
  const cases: [string, 'GET' | 'POST', string, string][] = [
    ['Blog/GetBlogDetail', 'GET', 'Slug', 'Slug'],
    ['Coupon/GetCouponDetail', 'POST', 'CouponSlug', 'CouponSlug'],
    ['GetGlobalSearchList', 'GET', 'prefix', 'prefix'],
    ['GetSeasonalDealSubCategoryBySlug', 'GET', 'Slug', 'Slug'],
    ['Holiday/GetPackageDetail', 'GET', 'Slug', 'Slug'],
  ];
  for (const [path, method, param, name] of cases) {
    it(`${path} (${param}) answers 400 naming the parameter`, async () => {
      for (const asJson of [true, false]) {
        const { code, body } = await send(method, path, { [param]: 'dubai\u0000x' }, asJson);
        expect(code).toBe(400);
        expect(body).toEqual({ status: 'error', message: `${name} must not contain control characters.`, data: null });
      }
    });
  }

  it('is refused in a JSON body field of a write, and in a form sent as multipart', async () => {
    const json = await send('POST', 'SaveHomePageEnquiryPopup', {
      FullName: 'Aisha\u0000',
      EmailOrPhone: 'a@example.com',
      Phone: '+971501234567',
    });
    expect(json.code).toBe(400);
    expect(json.body.message).toBe('FullName must not contain control characters.');

    const boundary = '----bounds';
    const payload = Buffer.from(
      [
        ['FullName', 'Aisha'],
        ['Email', 'a@example.com'],
        ['Phone', '+971501234567'],
        ['PackageId', String(packageId)],
        ['Message', 'hi\u0000'],
      ]
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`,
    );
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/Common/Holiday/Downloaditinaryform',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe('Message must not contain control characters.');
  });

  it('keeps tabs and line breaks in free text', async () => {
    const res = await send('GET', 'GetGlobalSearchList', { prefix: 'du\tbai' });
    expect(res.code).toBe(200);
  });

  it('is refused by the sign-in of /api/auth', async () => {
    const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/credentials',
      headers: { cookie: String(csrf.headers['set-cookie']).split(';')[0]! },
      payload: { csrfToken: csrf.json().csrfToken, EmailorPhone: 'a\u0000@example.com', Password: 'whatever 1' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('ids past the range of an integer column', () => {
  it('RemoveCart with CartId=99999999999 answers 400', async () => {
    const { code, body } = await send('POST', 'RemoveCart', { CartId: 99999999999, tempUserId: guest });
    expect(code).toBe(400);
    expect(body).toEqual({ status: 'error', message: 'CartId is required', data: null });
  });

  it('GetTempBooking with TempBookingId=99999999999 answers 400', async () => {
    const { code, body } = await send(
      'POST',
      'GetTempBooking',
      { TempBookingId: '99999999999', tempUserId: guest },
      false,
    );
    expect(code).toBe(400);
    expect(body.message).toMatch(/TempBookingId/);
  });

  it('CreateCart with such a packageId, and CreateTempBooking with such CartIds, answer 400', async () => {
    const cart = await send('POST', 'CreateCart', {
      packageId: 99999999999,
      travelDate: travelDate(),
      adults: 2,
      tempUserId: guest,
    });
    expect(cart.code).toBe(400);
    expect(cart.body.message).toMatch(/packageId/);
    const hold = await send('POST', 'CreateTempBooking', { CartIds: [1, 99999999999], tempUserId: guest });
    expect(hold.code).toBe(400);
  });

  it('the largest id that fits is simply not found', async () => {
    const { code } = await send('POST', 'RemoveCart', { CartId: 2_147_483_647, tempUserId: guest });
    expect(code).toBe(404);
  });
});

describe('bounded lists and cart options', () => {
  it('a package search takes at most 50 interests', async () => {
    const { code, body } = await send('POST', 'Holiday/GetPackagesByTypeCityAndInterest', {
      typeId: 1,
      interests: Array.from({ length: 5000 }, (_, i) => i + 1),
    });
    expect(code).toBe(400);
    expect(body.message).toMatch(/at most 50/);
  });

  it('cart options take only what the package offers (no package offers any yet)', async () => {
    const line = { packageId, travelDate: travelDate(), adults: 2, tempUserId: guest };
    const many = await send('POST', 'CreateCart', {
      ...line,
      options: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'x'.repeat(100)])),
    });
    expect(many.code).toBe(400);
    const long = await send('POST', 'CreateCart', { ...line, options: { note: 'x'.repeat(10_000) } });
    expect(long.code).toBe(400);
    const unknown = await send('POST', 'CreateCart', { ...line, options: { seaView: true } });
    expect(unknown.code).toBe(400);
    expect(unknown.body.message).toBe('options: this holiday has no option "seaView" to choose.');
    const none = await send('POST', 'CreateCart', { ...line, options: {} });
    expect(none.code).toBe(200);
  });
});
