import { describe, expect, it } from 'vitest';
import { entryAssets, lazyChunkFiles, styleText } from './web.ts';

describe('page assets from the build manifest', () => {
  it('names the entry, its stylesheet and the chunks it imports', () => {
    const manifest = {
      'src/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
    };
    expect(entryAssets(manifest, 'src/entry-client.tsx')).toEqual({
      entry: '/assets/entry.js',
      css: ['/assets/entry.css'],
      preload: ['/assets/runtime.js'],
    });
  });

  it('names the one stylesheet of a build that does not split CSS', () => {
    const manifest = {
      'src/entry-client.tsx': { file: 'assets/entry.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'style.css': { file: 'assets/style-abc.css' },
    };
    expect(entryAssets(manifest, 'src/entry-client.tsx').css).toEqual(['/assets/style-abc.css']);
  });

  it('names a code-split module with what it imports, minus what the entry already loads', () => {
    const manifest = {
      'src/entry-client.tsx': { file: 'assets/entry.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/cart-code.ts': { file: 'assets/cart-code.js', imports: ['_db.js', '_runtime.js', 'src/entry-client.tsx'] },
      '_db.js': { file: 'assets/db.js', imports: ['_schemas.js'] },
      '_schemas.js': { file: 'assets/schemas.js' },
    };
    expect(lazyChunkFiles(manifest, 'src/cart-code.ts', 'src/entry-client.tsx')).toEqual([
      '/assets/cart-code.js',
      '/assets/db.js',
      '/assets/schemas.js',
    ]);
    expect(() => lazyChunkFiles(manifest, 'src/missing.ts', 'src/entry-client.tsx')).toThrow(/npm run build/);
  });

  it('keeps an inlined stylesheet inside its <style> element', () => {
    expect(styleText('.a{content:"</style><script>x</script>"}')).toBe('.a{content:"<\\/style><script>x</script>"}');
    expect(styleText('.a{color:red}')).toBe('.a{color:red}');
  });
});
