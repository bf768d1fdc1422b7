import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { clientCallsPlugin } from './scripts/vite-plugin-client-calls.ts';
import { chunkMapPlugin } from './scripts/vite-plugin-chunk-map.ts';
import { compileHintsPlugin } from './scripts/vite-plugin-compile-hints.ts';

// DIST_DIR lets several builds live side by side (parallel test runs); the server reads the same.
const dist = process.env.DIST_DIR || 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  // SWR's polyfill of React's useSyncExternalStore returns React's own on React 19: the hook itself
  // (src/lib/use-sync-external-store-shim.ts).
  // A file path, not '/src/…': the dev server's dependency optimizer bundles SWR from node_modules and reads it as
  // relative.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^use-sync-external-store\/shim(\/index\.js)?$/,
            replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
          },
        ],
      },
  plugins: [
    react(),
    // Browser builds get contract calls as { method, path } only: no zod schemas in page chunks.
    clientCallsPlugin(),
    compileHintsPlugin(),
    chunkMapPlugin(
      fileURLToPath(new URL('.', import.meta.url)),
      fileURLToPath(new URL('./src/entry-client.tsx', import.meta.url)),
    ),
    VitePWA({
      disable: Boolean(isSsrBuild),
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // Registered by src/lib/service-worker-registration.ts through workbox-window.
      injectRegister: false,
      // The server serves the manifests: manifest.webmanifest at the root, and the India site's made from it.
      manifest: false,
      injectManifest: {
        // The one stylesheet (cssCodeSplit below): a page inlines only its own rules, and the app
        // started offline links the whole file (decision 0075).
        globPatterns: ['**/*.{js,css,svg,woff2}', 'icons/*.png'],
        rollupFormat: 'es',
        // The offline shell is a server-rendered page; a new build gets a new copy.
        additionalManifestEntries: [{ url: '/offline-shell', revision: String(Date.now()) }],
      },
    }),
  ],
  build: isSsrBuild
    ? { outDir: `${dist}/server`, emptyOutDir: true }
    : {
        outDir: `${dist}/client`,
        emptyOutDir: true,
        manifest: true,
        // No preload lists for dynamic imports (decision 0081): a lazy part or page fetches its own
        // imports when it arrives, one round trip later (none once the worker has precached them),
        // and every first route is 2 KB gz lighter (the helper and the lists of file names).
        modulePreload: false,
        // One stylesheet, inlined in every page by the server: a server-rendered contact, sign-in,
        // cart or package page is styled at its first paint, and no route's code adds a stylesheet
        // (and a restyle of the whole page) later. Decision 0013.
        cssCodeSplit: false,
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          // Everything the entry imports statically is one file with it: left to itself Rolldown
          // splits the modules later chunks share (React, the router, the formatters) into six
          // files, each gzipped on its own, 1.9 KB more to download before a page is interactive.
          // The small modules every catalogue page uses (page title, images, stars, calls) are one
          // file too, rather than four (decision 0079).
          output: {
            codeSplitting: {
              groups: [
                { name: 'entry-client', tags: ['$initial'] },
                {
                  name: 'page-common',
                  test: /src[\\/](components[\\/](seo|responsive-image)\.tsx|features[\\/]content[\\/]stars\.tsx)|contract[\\/]catalogue-calls\.ts/,
                },
              ],
            },
          },
        },
      },
}));
