import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// DIST_DIR as for the shop's build (vite.config.ts).
const dist = process.env.DIST_DIR || 'dist';

/**
 * The back office's browser code, a build of its own (docs/decisions/0050): none of its bytes can
 * land in the shop's chunks, and the service worker, which precaches the shop's build
 * (`dist/client`), never sees it. Served under /admin-assets/ by server/web.ts.
 */
export default defineConfig({
  plugins: [react()],
  base: '/admin-assets/',
  publicDir: false,
  build: {
    outDir: `${dist}/admin`,
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { input: 'src/admin/entry-admin.tsx' },
  },
});
