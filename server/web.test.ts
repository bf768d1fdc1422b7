import { describe, expect, it } from 'vitest';
import { entryAssets, routeChunks } from './web.ts';

// The shape of Vite's build manifest, trimmed to what the server reads.
const manifest = {
  'src/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_runtime.js', 'src/entry-client.tsx'] },
  '_image.js': { file: 'assets/image.js', imports: ['_card.js'] },
  'src/features/home/home-page.tsx': { file: 'assets/home.js', imports: ['_runtime.js', 'src/entry-client.tsx', '_card.js', '_image.js'] },
};

describe('page assets from the build manifest', () => {
  it("preloads the entry's own imports", () => {
    expect(entryAssets(manifest, 'src/entry-client.tsx')).toEqual({ entry: '/assets/entry.js', css: ['/assets/entry.css'], preload: ['/assets/runtime.js'] });
  });

  it("preloads a route's page module with its chunks, without what the entry brings", () => {
    const chunks = routeChunks(manifest, 'src/entry-client.tsx');
    expect(chunks('src/features/home/home-page.tsx')).toEqual(['/assets/home.js', '/assets/card.js', '/assets/image.js']);
    expect(chunks('src/not-a-page.tsx')).toEqual([]);
  });
});
