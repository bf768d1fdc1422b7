import { describe, expect, it } from 'vitest';
import { isBackOffice } from './back-office.ts';

describe('isBackOffice', () => {
  it('names the back office pages, build and API, and nothing of the shop', () => {
    for (const p of [
      '/admin',
      '/admin/',
      '/admin/setup',
      '/admin-assets/assets/entry-admin-x.js',
      '/api/admin',
      '/api/admin/me',
    ])
      expect(isBackOffice(p), p).toBe(true);
    for (const p of [
      '/',
      '/in',
      '/administration',
      '/holidays/admin',
      '/api/Common/GetCart',
      '/api/administrator',
      '/in/admin-tips',
    ])
      expect(isBackOffice(p), p).toBe(false);
  });
});
