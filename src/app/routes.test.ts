import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes.tsx';

const ROOT = join(import.meta.dirname, '..', '..');

describe('routes', () => {
  it("name each page's own module as its chunk (what the server preloads is what the page loads)", async () => {
    for (const route of appRoutes) {
      const loaded = await route.page.preload();
      const named: unknown = await import(/* @vite-ignore */ join(ROOT, route.chunk));
      expect(named, `${route.path} → ${route.chunk}`).toBe(loaded);
    }
  });
});
