import { describe, expect, it } from 'vitest';
import { isApiDocument } from './api-document.ts';

describe('isApiDocument', () => {
  it('names the API document and its page with their files, and nothing of the shop', () => {
    for (const p of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/favicon-32x32.png',
      '/api/openapi.json',
    ])
      expect(isApiDocument(p), p).toBe(true);
    for (const p of ['/', '/docs', '/api/Common/GetCart', '/api/docsearch', '/images/docs.png', '/in/api/docs'])
      expect(isApiDocument(p), p).toBe(false);
  });
});
