import type { Plugin } from 'vite';

/** V8's magic comment: compile every function of this file eagerly, as it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the browser entry for V8's explicit compile hints (Chrome 136+). Nearly every function in
 * it (React DOM, the router, the app's frame) runs while the page hydrates; with the hint V8
 * compiles them on a background thread while the file downloads, instead of one at a time on the
 * main thread when each is first called. The comment must be the file's very first line, so it is
 * added last, after minification and after Vite's own additions to the chunk.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'travel-shop:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry && !chunk.code.startsWith(COMPILE_HINT))
            chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
