import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { clientCallsPlugin } from './scripts/vite-plugin-client-calls.ts';
import { compileHintsPlugin } from './scripts/vite-plugin-compile-hints.ts';

// DIST_DIR lets several builds live side by side (parallel test runs); the server reads the same.
const dist = process.env.DIST_DIR || 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Browser builds get contract calls as { method, path } only: no zod schemas in page chunks.
    clientCallsPlugin(),
    compileHintsPlugin(),
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
        // No CSS: every page carries the one stylesheet inline (cssCodeSplit below).
        globPatterns: ['**/*.{js,svg,woff2}', 'icons/*.png'],
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
        // One stylesheet, inlined in every page by the server: a server-rendered contact, sign-in,
        // cart or package page is styled at its first paint, and no route's code adds a stylesheet
        // (and a restyle of the whole page) later. Decision 0013.
        cssCodeSplit: false,
        rolldownOptions: {
          input: 'src/entry-client.tsx',
        },
      },
}));
