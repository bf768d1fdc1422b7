import { describe, expect, it } from 'vitest';
import { parseAppData, serializeAppData, type AppData } from './app-data.ts';

const good: AppData = {
  status: 200,
  fallback: { k: [1] },
  settings: { origin: 'https://shop.example', gtm: { IN: 'GTM-ABC' } },
  assets: { css: ['/a.css'], preload: [], cartCode: ['/assets/db.js'] },
};

describe('app data handed from the server to the page', () => {
  it('reads back what the server wrote', () => {
    expect(parseAppData(JSON.parse(serializeAppData(good)))).toEqual(good);
    expect(parseAppData({ ...good, shell: true, status: 404 }).shell).toBe(true);
  });
  it('refuses malformed data', () => {
    expect(() => parseAppData(null)).toThrow();
    expect(() => parseAppData({ ...good, status: '200' })).toThrow();
    expect(() => parseAppData({ ...good, fallback: [] })).toThrow();
    expect(() => parseAppData({ ...good, settings: { gtm: {} } })).toThrow();
    expect(() => parseAppData({ ...good, assets: { css: [1], preload: [], cartCode: [] } })).toThrow();
    expect(() => parseAppData({ ...good, assets: { css: [], preload: [] } })).toThrow();
  });
  it('keeps the script element closed', () => {
    expect(serializeAppData({ ...good, fallback: { x: '</script>' } })).not.toContain('</script>');
  });
});
