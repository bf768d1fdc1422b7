import { describe, expect, it } from 'vitest';
import { isKeepablePage, keepablePage } from './keepable-page.ts';

const page = (status: number, cacheControl?: string) =>
  new Response('<html></html>', { status, headers: cacheControl ? { 'cache-control': cacheControl } : {} });

describe('keepablePage', () => {
  it('keeps a shared page and never a personal one (no-store) nor a failed one', async () => {
    for (const cc of [undefined, 'private, no-cache', 'public, max-age=0, must-revalidate'])
      expect(isKeepablePage(page(200, cc)), String(cc)).toBe(true);
    for (const [status, cc] of [
      [200, 'private, no-store'],
      [200, 'no-store'],
      [200, 'No-Store, private'],
      [404, 'private, no-cache'],
      [500, undefined],
    ] as const) {
      expect(isKeepablePage(page(status, cc)), `${status} ${cc}`).toBe(false);
    }
    const willUpdate = keepablePage.cacheWillUpdate!;
    const args = { request: new Request('http://localhost/trips'), event: undefined as never, state: {} };
    expect(await willUpdate({ ...args, response: page(200, 'private, no-store') })).toBeNull();
    const shared = page(200, 'private, no-cache');
    expect(await willUpdate({ ...args, response: shared })).toBe(shared);
  });
});
