import { describe, expect, it } from 'vitest';
import { entryAssets, styleText } from './web.ts';

describe('page assets from the build manifest', () => {
  it("names the entry, its stylesheet and the chunks it imports", () => {
    const manifest = {
      'src/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
    };
    expect(entryAssets(manifest, 'src/entry-client.tsx')).toEqual({ entry: '/assets/entry.js', css: ['/assets/entry.css'], preload: ['/assets/runtime.js'] });
  });

  it('keeps an inlined stylesheet inside its <style> element', () => {
    expect(styleText('.a{content:"</style><script>x</script>"}')).toBe('.a{content:"<\\/style><script>x</script>"}');
    expect(styleText('.a{color:red}')).toBe('.a{color:red}');
  });
});
