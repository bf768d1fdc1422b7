import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { RenderResult } from '../../contract/ssr.ts';
import { nodeStream } from '../lib/node-stream.ts';
import { AdminApp } from './admin-app.tsx';
import { AdminDocument } from './admin-document.tsx';
import { AdminNotFound, matchAdminRoute } from './admin-routes.tsx';

export interface AdminRenderRequest {
  url: string;
  nonce: string;
  /** The back office's own entry (its build, vite.admin.config.ts), never the shop's. */
  bootstrapModules: string[];
}

/** A back-office page, rendered on the server: the forms are there at the first paint. */
export async function renderAdmin(req: AdminRenderRequest): Promise<RenderResult> {
  const url = new URL(req.url, 'http://localhost');
  const route = matchAdminRoute(url.pathname);
  await route.page.preload();
  const status = route.page === AdminNotFound ? 404 : 200;
  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(
      <AdminDocument>
        <StaticRouter location={url.pathname + url.search}>
          <AdminApp />
        </StaticRouter>
      </AdminDocument>,
      {
        nonce: req.nonce,
        bootstrapModules: req.bootstrapModules,
        onAllReady() {
          resolve({
            status: failed ? 500 : status,
            pipe: (d) => void stream.pipe(nodeStream(d)),
            abort: () => stream.abort(),
          });
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
  });
}
