import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { unstable_serialize } from 'swr';
import { siteForPath } from '../contract/site.ts';
import type { RenderRequest, RenderResult } from '../contract/ssr.ts';
import { nodeStream } from './lib/node-stream.ts';
import { App } from './app/app.tsx';
import type { AppData } from './app/app-data.ts';
import { Document } from './app/document.tsx';
import { PAGE_TRAVELLER_KEY } from './app/prefetch.ts';
import { personalPrefetch, routePrefetch } from './app/route-prefetch.ts';
import { NotFoundPage, SHELL_PATH, matchAppRoute } from './app/routes.tsx';
import { callKey } from './lib/use-call.ts';
import { startAfterHeroScript } from './lib/start-after-hero.ts';
import { ZOD_JITLESS_SCRIPT } from './lib/zod-in-browser.ts';
import './styles.css';

export async function render(req: RenderRequest): Promise<RenderResult> {
  const url = new URL(req.url, 'http://localhost');
  const site = siteForPath(url.pathname);
  const { route, params } = matchAppRoute(url.pathname);
  let status = route.page === NotFoundPage ? 404 : 200;

  const fallback: Record<string, unknown> = {};
  const prefetches = routePrefetch(route.path, { site, params, search: url.searchParams });
  const results = await Promise.all(
    prefetches.map((p) => req.fetchApi(p.call, p.params, site).then((r) => ({ p, r }))),
  );
  for (const { p, r } of results) {
    if (r.httpStatus === 200 && r.body.status !== 'error') {
      fallback[unstable_serialize(callKey(p.call, site, p.params))] = r.body.data;
    } else if (p.required && r.httpStatus === 404) {
      status = 404;
    }
  }
  // A personal page for a signed-in traveller (never kept): their own reads, with their token.
  if (req.traveller && status === 200) {
    const own = personalPrefetch(route.path, req.traveller.userId);
    const answers = await Promise.all(
      own.map((p) => req.traveller!.fetchApi(p.call, p.params, site).then((r) => ({ p, r }))),
    );
    const theirs = answers.every(({ r }) => r.httpStatus === 200 && r.body.status !== 'error');
    if (own.length && theirs) {
      for (const { p, r } of answers)
        fallback[unstable_serialize(p.key ?? callKey(p.call, site, p.params))] = r.body.data;
      fallback[PAGE_TRAVELLER_KEY] = req.traveller.userId;
    }
  }
  await (status === 404 ? NotFoundPage : route.page).preload();

  const shell = url.pathname === SHELL_PATH;
  const data: AppData = { status, shell, fallback, settings: req.settings, assets: req.assets };
  const location = url.pathname + url.search;

  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(
      <Document data={data} site={site} inlineCss={req.inlineCss}>
        <StaticRouter location={location}>
          <App data={data} />
        </StaticRouter>
      </Document>,
      {
        nonce: req.nonce,
        bootstrapModules: req.bootstrapModules,
        // Before the app's code: zod must not probe for eval under our CSP (src/lib/zod-in-browser.ts).
        bootstrapScriptContent:
          ZOD_JITLESS_SCRIPT +
          (req.entryAfterHero ? startAfterHeroScript(req.entryAfterHero, req.assets.preload, req.cssAfterHero) : ''),
        // Every boundary goes out in place, finished: past 12.8 KB of page React 19 would send each
        // later one (deal tiles, reviews, blog cards) hidden at the end with a script that moves it
        // into place a frame after the first paint (and the next ones 300 ms apart), a relayout of the
        // page after its first paint each time. The page is sent whole anyway (onAllReady). Decision 0110.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Crawlers and the first paint both get the whole page: route data is already loaded, so
        // waiting for everything costs only the render itself.
        onAllReady() {
          resolve({
            status: failed ? 500 : status,
            pipe: (d) => void stream.pipe(nodeStream(d)),
            abort: () => stream.abort(),
          });
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
  });
}
export { renderAdmin } from './admin/render-admin.tsx';
