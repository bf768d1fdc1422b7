import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineAdminCall, noParams } from '../../contract/admin-api.ts';
import { disableCouponCall, uploadDealPictureCall } from '../../contract/admin-promotions-calls.ts';
import { changeOwnPasswordCall, ownSessionsCall } from '../../contract/admin-staff-calls.ts';
import { documentReturnsCsvCall } from '../../contract/admin-documents-calls.ts';
import { tcsCsvCall, tcsReportCall } from '../../contract/admin-reports-calls.ts';
import { adminApi, adminHref, setCsrfToken } from './admin-api.ts';

/*
 * The desk's client of a declared back-office call (decision 0111): the URL from the declaration
 * and its parameters, the query string, the CSRF token on a change, a JSON body or a form, and an
 * answer (never a throw) when the server refuses or does not answer.
 */

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[] = [];
function answering(status: number, envelope: unknown) {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body });
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const auditPage = defineAdminCall({
  method: 'GET',
  path: 'bookings/:ref/audit',
  params: z.object({ ref: z.string() }),
  query: z.object({ before: z.coerce.number().optional(), action: z.string().optional() }),
  data: z.object({ items: z.array(z.string()) }),
  permission: 'audit.read',
});

describe('adminApi', () => {
  it('builds the URL from the declaration: path parameters encoded, the query string without empty values', async () => {
    answering(200, { status: 'success', message: 'OK', data: { items: ['a'] } });
    const answer = await adminApi(auditPage, { params: { ref: 'WH/1 2' }, query: { before: 40, action: '' } });
    expect(sent[0]!.url).toBe('/api/admin/bookings/WH%2F1%202/audit?before=40');
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers['x-csrf-token']).toBeUndefined();
    expect(answer).toEqual({ ok: true, httpStatus: 200, message: 'OK', data: { items: ['a'] } });
  });

  it('sends a change with the CSRF token and its JSON body, or nothing when it has none', async () => {
    setCsrfToken('csrf-1');
    answering(200, { status: 'success', message: 'Password changed.', data: { sessionsEnded: 0 } });
    await adminApi(changeOwnPasswordCall, { body: { currentPassword: 'old one', newPassword: 'a new long one' } });
    expect(sent[0]).toMatchObject({
      url: '/api/admin/me/password',
      method: 'POST',
      body: JSON.stringify({ currentPassword: 'old one', newPassword: 'a new long one' }),
    });
    expect(sent[0]!.headers).toMatchObject({ 'x-csrf-token': 'csrf-1', 'content-type': 'application/json' });

    answering(200, { status: 'success', message: 'Coupon X is disabled.', data: null });
    await adminApi(disableCouponCall, { params: { id: 12 }, headers: { 'idempotency-key': 'k-1' } });
    expect(sent[0]).toMatchObject({ url: '/api/admin/coupons/12/disable', method: 'POST', body: undefined });
    expect(sent[0]!.headers).toMatchObject({ 'x-csrf-token': 'csrf-1', 'idempotency-key': 'k-1' });
  });

  it('sends a form call its FormData as it is (the browser sets the multipart boundary)', async () => {
    answering(200, { status: 'success', message: 'Picture uploaded.', data: { path: '/images/uploads/x' } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.jpg');
    const answer = await adminApi(uploadDealPictureCall, { form });
    expect(sent[0]!.url).toBe('/api/admin/deals/pictures');
    expect(sent[0]!.body).toBe(form);
    expect(sent[0]!.headers['content-type']).toBeUndefined();
    expect(answer).toMatchObject({ ok: true, data: { path: '/images/uploads/x' } });
  });

  it('answers a refusal and a server out of reach with their message, never throwing', async () => {
    answering(403, { status: 'error', message: 'Your role may not do this.', data: null });
    expect(await adminApi(ownSessionsCall)).toEqual({
      ok: false,
      httpStatus: 403,
      message: 'Your role may not do this.',
      data: null,
    });

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const down = await adminApi(ownSessionsCall);
    expect(down).toMatchObject({
      ok: false,
      httpStatus: 0,
      message: 'The server did not answer. Check your connection and try again.',
    });

    // A 200 that is not the envelope (a proxy's page) is no success: no data to read, its status in words.
    vi.stubGlobal('fetch', async () => new Response('<html>Gateway</html>', { status: 200 }));
    expect(await adminApi(ownSessionsCall)).toEqual({
      ok: false,
      httpStatus: 200,
      message: 'The answer could not be read (HTTP 200). Try again in a moment.',
      data: null,
    });

    // A path parameter left out (only possible past the type check) is an answer too.
    const missing = await adminApi(disableCouponCall, { params: {} as { id: number } });
    expect(missing).toMatchObject({ ok: false, httpStatus: 0 });
    expect(missing.message).toMatch(/needs its parameter id/);
  });

  it('types what it sends and answers from the declaration', () => {
    const noParamsCall = defineAdminCall({
      method: 'GET',
      path: 'things',
      params: noParams,
      data: z.object({ n: z.number() }),
      permission: null,
    });
    // Compile-time checks: each line below fails `tsc -b` if the types drift.
    type Answer = Awaited<ReturnType<typeof adminApi<typeof noParamsCall>>>['data'];
    const n: Answer = { n: 1 };
    // @ts-expect-error -- a path parameter is required
    void (() => adminApi(disableCouponCall));
    // @ts-expect-error -- the id is a number
    void (() => adminApi(disableCouponCall, { params: { id: {} } }));
    // @ts-expect-error -- the body's fields are the declaration's
    void (() => adminApi(changeOwnPasswordCall, { body: { password: 'x' } }));
    const wrongParams = { method: 'GET', data: z.null(), permission: null } as const;
    // @ts-expect-error -- params must name the path's :id, and nothing else
    void (() => defineAdminCall({ ...wrongParams, path: 'things/:id', params: noParams }));
    // @ts-expect-error -- nor a field the path does not have
    void (() => defineAdminCall({ ...wrongParams, path: 'things', params: z.object({ id: z.string() }) }));
    expect(n.n).toBe(1);
    expect(noParamsCall.path).toBe('things');
  });
});

describe('adminHref', () => {
  it('builds a CSV download link from the declaration, the query without empty values', () => {
    expect(adminHref(documentReturnsCsvCall, { query: { site: 'IN', month: '2026-11', kind: '' } })).toBe(
      '/api/admin/documents.csv?site=IN&month=2026-11',
    );
    expect(adminHref(tcsCsvCall, { query: { fy: '2026-27', quarter: 3 } })).toBe(
      '/api/admin/reports/tcs.csv?fy=2026-27&quarter=3',
    );
    expect(adminHref(tcsCsvCall)).toBe('/api/admin/reports/tcs.csv');
    // @ts-expect-error -- only a call declared as a file is a link: a report's JSON is loaded with adminApi
    void (() => adminHref(tcsReportCall));
  });
});
