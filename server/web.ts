import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { manifestPath } from '../contract/site-rules.ts';
import type { PageAssets, PageTraveller, Render, RenderRequest, RenderResult, ServerFetch } from '../contract/ssr.ts';
import { publicUrl } from './config.ts';
import { cspHeader } from './lib/csp.ts';
import { sendError } from './lib/envelope.ts';
import { withPageCss } from './lib/page-css.ts';
import { newNonce, NONCE_PLACEHOLDER, PAGE_CACHE_CONTROL, PageCache, type KeptPage } from './lib/page-cache.ts';
import { PERSONAL_CACHE_CONTROL, pageTraveller } from './lib/personal-page.ts';
import { sessionClaim } from './services/sessions.ts';
import { siteManifest, type WebManifest } from './services/web-manifest.ts';

/** The project's folder, the nearest with a package.json: above server/, or above dist/node/server/ once compiled. */
export const ROOT = projectRoot(import.meta.dirname);

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return join(from, '..');
  }
}
/** Where `npm run build` put the app (DIST_DIR, default dist). */
const DIST = resolve(ROOT, process.env.DIST_DIR || 'dist');

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The files of a manifest chunk's static imports, transitively (not the chunk itself), with their styles. */
function importedChunks(manifest: Record<string, ViteManifestChunk>, key: string) {
  const files = new Set<string>();
  const css = new Set<string>();
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(walk);
  };
  manifest[key]?.imports?.forEach(walk);
  return { files, css };
}

/**
 * The entry's script, its styles and the chunks it imports (to preload), from Vite's manifest.
 * The build does not split CSS (vite.config.ts), so the styles are the one file the manifest
 * names `style.css`.
 */
export function entryAssets(manifest: Record<string, ViteManifestChunk>, entryKey: string) {
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`Vite manifest has no entry ${entryKey}: run npm run build`);
  const { files, css } = importedChunks(manifest, entryKey);
  entry.css?.forEach((c) => css.add(c));
  const whole = manifest['style.css']?.file;
  if (whole) css.add(whole);
  return { entry: `/${entry.file}`, css: [...css].map((f) => `/${f}`), preload: [...files].map((f) => `/${f}`) };
}

/**
 * The files of a code-split module and everything it imports, minus what the entry already
 * loads: what a page can fetch ahead into the HTTP cache without running it.
 */
export function lazyChunkFiles(manifest: Record<string, ViteManifestChunk>, key: string, entryKey: string): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite manifest has no module ${key}: run npm run build`);
  const loaded = importedChunks(manifest, entryKey).files;
  loaded.add(manifest[entryKey]?.file ?? '');
  const files = [chunk.file, ...importedChunks(manifest, key).files].filter((f) => !loaded.has(f));
  return [...new Set(files)].map((f) => `/${f}`);
}

/** Stylesheet text made safe to sit inside a <style> element. */
export function styleText(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/** Route data for the server render comes from the real API, in process (a traveller's own reads with their token). */
function injectFetch(app: FastifyInstance, token?: string): ServerFetch {
  return async (call, params, site) => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (Array.isArray(v)) v.forEach((x) => query.append(k, String(x)));
      else if (v !== undefined && v !== null) query.set(k, String(v));
    }
    const qs = query.toString();
    const res = await app.inject({
      method: call.method,
      url: `/api/Common/${call.path}${qs ? `?${qs}` : ''}`,
      headers: { country: site, 'accept-encoding': 'identity', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { httpStatus: res.statusCode, body: res.json() };
  };
}

/** One manifest per site (server/services/web-manifest.ts), each linked by its site's pages. */
async function serveManifest(app: FastifyInstance) {
  const uae = JSON.parse(await readFile(join(ROOT, 'manifest.webmanifest'), 'utf8')) as WebManifest;
  for (const site of ['UAE', 'IN'] as const) {
    const body = JSON.stringify(siteManifest(uae, site));
    app.get(manifestPath(site), (_req, reply) =>
      reply.type('application/manifest+json').header('cache-control', 'public, max-age=3600').send(body),
    );
  }
  // The icons before each site had its own (2989678): an app installed then still names them in its
  // saved manifest until the phone fetches the new one, so they lead to today's (the UAE's: both
  // sites' apps showed that picture then) rather than a 404 on every page.
  for (const [old, now] of OLD_ICONS)
    app.get(old, (_req, reply) => reply.header('cache-control', 'public, max-age=604800').redirect(now, 301));
}

export const OLD_ICONS: [string, string][] = [
  ['/icons/icon-192.png', '/icons/icon-uae-192.png'],
  ['/icons/icon-512.png', '/icons/icon-uae-512.png'],
  ['/icons/maskable-512.png', '/icons/maskable-uae-512.png'],
  ['/icons/apple-touch-icon-180.png', '/icons/apple-touch-icon-uae-180.png'],
];

/** The whole page a render writes, as text. */
async function renderToText(result: RenderResult): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(Buffer.from(chunk as Uint8Array));
      done();
    },
  });
  const timer = setTimeout(() => result.abort(), 10_000);
  try {
    await new Promise<void>((resolve, reject) => {
      sink.on('finish', resolve);
      sink.on('error', reject);
      result.pipe(sink);
    });
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pageHandler(
  app: FastifyInstance,
  getRender: () => Promise<Render>,
  assets: PageAssets,
  entry: Pick<RenderRequest, 'bootstrapModules' | 'entryAfterHero' | 'cssAfterHero'>,
  strictCsp: boolean,
  inlineCss?: string,
  pages?: PageCache,
) {
  const fetchApi = injectFetch(app);
  const settings = {
    origin: publicUrl(app.config),
    gtm: { UAE: app.config.GTM_ID_UAE, IN: app.config.GTM_ID_IN },
    googleClientId: app.config.GOOGLE_CLIENT_ID,
    tokenKey: app.config.TOKEN_KEY,
    razorpayCheckout: app.config.RAZORPAY_KEY_ID ? app.config.RAZORPAY_CHECKOUT_URL : undefined,
  };
  const renderFor = async (url: string, nonce: string, traveller?: PageTraveller) =>
    (await getRender())({ url, fetchApi, settings, assets, inlineCss, ...entry, nonce, traveller });
  // The policy around its nonce, worked out once (India's checkout pages also allow Razorpay's checkout).
  const policy = cspHeader(app.config, NONCE_PLACEHOLDER).split(NONCE_PLACEHOLDER);
  const razorpayPolicy = cspHeader(app.config, NONCE_PLACEHOLDER, { razorpay: true }).split(NONCE_PLACEHOLDER);
  /** Renders being made, so many first requests for one page wait for one render. */
  const rendering = new Map<string, Promise<KeptPage | { status: number; html: string }>>();

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return sendError(reply, 404, `There is no API call at ${request.method} ${request.url.split('?')[0]}.`);
    }
    const nonce = newNonce();
    if (strictCsp)
      reply.header('content-security-policy', (RAZORPAY_PAGES.test(request.url) ? razorpayPolicy : policy).join(nonce));
    else reply.removeHeader('content-security-policy');

    // My trips for a signed-in traveller: rendered with their own data on each request, never kept (decision 0080).
    const traveller = pageTraveller(
      request,
      (token) => injectFetch(app, token),
      (token) => sessionClaim(app.config, token)?.userId,
    );
    if (traveller) {
      const result = await renderFor(request.url, nonce, traveller);
      const html = await renderToText(result);
      return reply
        .code(result.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', PERSONAL_CACHE_CONTROL)
        .header('vary', 'Accept-Encoding')
        .send(inlineCss ? withPageCss(html) : html);
    }

    if (pages) {
      const key = request.url;
      let page: KeptPage | { status: number; html: string } | undefined = pages.cache.get(key);
      if (!page) {
        let made = rendering.get(key);
        if (!made) {
          made = (async () => {
            const result = await renderFor(request.url, NONCE_PLACEHOLDER);
            // The page keeps the stylesheet's rules its HTML can use; the rest comes with the app.
            const html = withPageCss(await renderToText(result));
            // Only pages found are kept: any address may be asked for, and a miss costs one render.
            return result.status === 200 ? pages.keep(key, result.status, html) : { status: result.status, html };
          })().finally(() => rendering.delete(key));
          rendering.set(key, made);
        }
        page = await made;
      }
      if ('parts' in page) return pages.send(request, reply, page, nonce);
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', PAGE_CACHE_CONTROL)
        .header('vary', 'Accept-Encoding')
        .send(page.html.split(NONCE_PLACEHOLDER).join(nonce));
    }

    const result = await renderFor(request.url, nonce);
    const timer = setTimeout(() => result.abort(), 10_000);
    const body = new PassThrough();
    body.on('close', () => clearTimeout(timer));
    result.pipe(body);
    reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding');
    return reply.send(body);
  };
}

type RenderAdmin = (req: { url: string; nonce: string; bootstrapModules: string[] }) => Promise<RenderResult>;

/**
 * The back office's pages (/admin): rendered on the server from their own route tree, started by
 * their own entry, never kept in the page cache nor by a browser or the service worker (which
 * leaves /admin alone), and not indexed.
 */
function adminPages(
  app: FastifyInstance,
  getRender: () => Promise<RenderAdmin>,
  bootstrapModules: string[],
  strictCsp: boolean,
) {
  const policy = cspHeader(app.config, NONCE_PLACEHOLDER).split(NONCE_PLACEHOLDER);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce();
    if (strictCsp) reply.header('content-security-policy', policy.join(nonce));
    else reply.removeHeader('content-security-policy');
    const result = await (await getRender())({ url: request.url, nonce, bootstrapModules });
    const timer = setTimeout(() => result.abort(), 10_000);
    const body = new PassThrough();
    body.on('close', () => clearTimeout(timer));
    result.pipe(body);
    reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer');
    return reply.send(body);
  };
  app.get('/admin', handler);
  app.get('/admin/*', handler);
}

/** India's checkout pages open Razorpay's checkout: its script and frames are allowed there alone. */
const RAZORPAY_PAGES = /^\/in\/checkout(\/|\?|$)/;

/** The module the add-to-cart form loads for the cart's database and sync code. */
const CART_CODE_MODULE = 'src/features/cart/cart-code.ts';

/** The built shop: hashed assets cached for a year, pages rendered on the server. */
export async function productionWeb(app: FastifyInstance) {
  const clientDir = join(DIST, 'client');
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const { entry, css, preload } = entryAssets(manifest, 'src/entry-client.tsx');
  const cartCode = lazyChunkFiles(manifest, CART_CODE_MODULE, 'src/entry-client.tsx');
  const serverEntry = pathToFileURL(join(DIST, 'server/entry-server.js')).href;
  const mod = (await import(serverEntry)) as { render: Render; renderAdmin: RenderAdmin };

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The .br and .gz the build wrote beside each text file (scripts/compress-assets.mjs, decision 0114).
    preCompressed: true,
    allowedPath: (path) => !path.startsWith('/.vite'),
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/\/images\//.test(path)) res.header('cache-control', 'public, max-age=604800');
      else res.header('cache-control', 'public, max-age=0, must-revalidate');
    },
  });
  await serveManifest(app);
  // The stylesheet goes in every page, cut to the rules that page uses (server/lib/page-css.ts): the
  // first paint waits for no request. The whole file is linked when the app starts.
  const inlineCss = styleText(
    (await Promise.all(css.map((href) => readFile(join(clientDir, href), 'utf8')))).join('\n'),
  );
  // Pages are kept until the content changes (server/lib/page-cache.ts).
  const pages = new PageCache();
  app.contentVersion.onChange(() => pages.cache.clear());
  app.get(
    '/*',
    pageHandler(
      app,
      async () => mod.render,
      { css: [], preload, cartCode },
      { bootstrapModules: [], entryAfterHero: entry, cssAfterHero: css },
      true,
      inlineCss,
      pages,
    ),
  );

  // The back office: its own build (vite.admin.config.ts), served under /admin-assets/.
  const adminDir = join(DIST, 'admin');
  const adminManifest = JSON.parse(await readFile(join(adminDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const adminEntry = adminManifest['src/admin/entry-admin.tsx'];
  if (!adminEntry) throw new Error('The back office build has no entry: run npm run build');
  await app.register(fastifyStatic, {
    root: adminDir,
    prefix: '/admin-assets/',
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (path) => !path.startsWith('/.vite'),
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  adminPages(app, async () => mod.renderAdmin, [`/admin-assets/${adminEntry.file}`], true);
}

/** `npm run dev`: Vite with hot reload in front of the same API and server rendering. */
export async function developmentWeb(app: FastifyInstance) {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite = await createServer({
    root: ROOT,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use((req, res, next) => {
    if (req.url?.startsWith('/api/')) return next();
    vite.middlewares(req, res, next);
  });
  app.addHook('onClose', () => vite.close());
  await serveManifest(app);
  const getRender = async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render;
  app.get(
    '/*',
    pageHandler(
      app,
      getRender,
      { css: [], preload: [], cartCode: [] },
      { bootstrapModules: ['/@vite/client', '/src/entry-client.tsx'] },
      false,
    ),
  );
  const getRenderAdmin = async () =>
    ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { renderAdmin: RenderAdmin }).renderAdmin;
  adminPages(app, getRenderAdmin, ['/@vite/client', '/src/admin/entry-admin.tsx'], false);
}
