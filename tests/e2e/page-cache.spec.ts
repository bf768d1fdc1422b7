import { expect, test } from '@playwright/test';
import http, { type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { firstPackageSlug } from './cart-helpers.ts';

// Server-rendered pages are kept and sent again, each response with a nonce of its own (in the
// page and in its Content-Security-Policy), the same page for every visitor, with an ETag.

const nonceIn = (html: string) => html.match(/<script nonce="([^"]+)"/)?.[1];
const policyNonce = (csp: string | undefined) => csp?.match(/'nonce-([^']+)'/)?.[1];
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

test('a kept page gets a new nonce in every response, matching its policy; the rest is the same', async ({
  request,
}) => {
  const slug = await firstPackageSlug(request);
  const pages = [];
  for (let i = 0; i < 3; i++) {
    const res = await request.get(`/holidays/${slug}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(nonceIn(html)).toBeTruthy();
    expect(policyNonce(res.headers()['content-security-policy'])).toBe(nonceIn(html));
    expect(res.headers()['cache-control']).toBe('private, no-cache');
    pages.push({ html, etag: res.headers().etag });
  }
  expect(new Set(pages.map((p) => nonceIn(p.html))).size).toBe(3);
  expect(new Set(pages.map((p) => withoutNonce(p.html))).size).toBe(1);
  expect(new Set(pages.map((p) => p.etag)).size).toBe(1);
});

test('gzip: the page compressed once, its nonce put in per response', async () => {
  // The raw bytes (fetch would decode them): a valid gzip stream holding the page and its nonce.
  const get = () =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${test.info().project.use.baseURL}/in`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  const [one, two] = [await get(), await get()];
  for (const res of [one, two]) {
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.body).toString('utf8');
    expect(html).toContain('</html>');
    expect(nonceIn(html)).toBe(policyNonce(String(res.headers['content-security-policy'])));
  }
  expect(nonceIn(gunzipSync(one.body).toString())).not.toBe(nonceIn(gunzipSync(two.body).toString()));
});

test('the ETag answers 304 without a new policy (the copy the browser has keeps its own)', async ({ request }) => {
  const first = await request.get('/');
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^W\//);
  const again = await request.get('/', { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()['content-security-policy']).toBeUndefined();
  expect(await again.text()).toBe('');
});

test('a signed-in traveller and a guest get the same page: nothing personal is rendered on the server', async ({
  request,
}) => {
  const slug = await firstPackageSlug(request);
  const guest = await request.get(`/holidays/${slug}`, { headers: { 'accept-encoding': 'identity' } });
  const signedIn = await request.get(`/holidays/${slug}`, {
    headers: {
      'accept-encoding': 'identity',
      cookie:
        'NHauth_token=abc; user_id=42; user_name=Someone%20Private; user_email=private%40example.com; guest_id=guest-private-1',
    },
  });
  const a = withoutNonce(await guest.text());
  const b = withoutNonce(await signedIn.text());
  expect(b).toBe(a);
  expect(b).not.toContain('private@example.com');
  expect(b).not.toContain('Someone Private');
});
