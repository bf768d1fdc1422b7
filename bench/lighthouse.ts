import lighthouse from 'lighthouse';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { launchChromium } from './lib/chromium.ts';
import { api, signUp } from './wallet.ts';
import { distDir, ROOT, startProductionServer } from './lib/server.ts';
import type { BenchContext, BenchReport, Benchmark, Target } from './lib/types.ts';

/*
 * Lighthouse mobile (its default: Moto G Power screen, slow 4G, 4x CPU, simulated throttling) on
 * the pages a traveller lands on, against the production server, plus the gzipped JavaScript each
 * of those pages loads.
 */

/**
 * Issue 22's numbers: every public page (and My trips) LCP ≤ 1.5 s and first-route JS ≤ 100 KB gz (were 2 s and 120
 * KB).
 * Issue 34's: on the public pages (/, /in, listing, package, search) performance ≥ 98 (was 95) and total
 * blocking time ≤ 50 ms; My trips keeps issue 22's performance ≥ 95 and has its TBT reported, not checked.
 */
export const TARGETS = {
  performance: 98,
  tripsPerformance: 95,
  tbtMs: 50,
  lcpMs: 1500,
  cls: 0.05,
  accessibility: 100,
  firstRouteJsKb: 100,
};

interface PageToTest {
  label: string;
  path: string;
  /**
   * Audited signed in: this traveller logs in first (in the same browser), then the page is loaded cold but for the
   * session cookies.
   */
  traveller?: { email: string; password: string };
}

/**
 * The listing with a filter that shows results, one package page (found through the API) and the search results page.
 */
async function pagesToTest(origin: string): Promise<PageToTest[]> {
  const res = await fetch(`${origin}/api/Common/Holiday/GetFeaturedPackages?limit=1`, { headers: { Country: 'UAE' } });
  const body = (await res.json()) as { data?: { packages?: { slug: string; city: { id: number } }[] } };
  const pkg = body.data?.packages?.[0];
  if (!pkg) throw new Error('The server has no featured package to test a package page with.');
  return [
    { label: 'home (UAE)', path: '/' },
    { label: 'home (India)', path: '/in' },
    { label: 'listing', path: `/holidays?cityId=${pkg.city.id}` },
    { label: 'package', path: `/holidays/${pkg.slug}` },
    { label: 'search', path: '/search?q=beach' },
    { label: 'trips', path: '/trips' },
  ].filter((p) => wantedPage(p.label, p.path));
}

/**
 * `LIGHTHOUSE_PAGES=listing,trips` (labels or paths, comma-separated) audits only those pages; the
 * targets are then those pages' alone.
 */
function wantedPage(label: string, path: string): boolean {
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return wanted.length === 0 || wanted.some((w) => w === path || label === w || label.startsWith(`${w} `));
}

const PASSWORD = 'lighthouse bench password 1';

/**
 * A traveller with two pay-later bookings, signed up as a person does (the code comes by mail): My trips has something
 * to show.
 */
async function travellerWithTrips(ctx: BenchContext): Promise<{ email: string; password: string }> {
  const { origin, mail } = ctx;
  const email = `lighthouse-${Date.now()}@example.com`;
  const token = await signUp(origin, mail, email, PASSWORD);
  const featured = (await api(origin, 'GET', 'Holiday/GetFeaturedPackages?limit=1')) as { packages?: { id: number }[] };
  const packageId = featured.packages![0]!.id;
  for (let i = 0; i < 2; i++) {
    const travelDate = new Date(Date.now() + (70 + i) * 86_400_000).toISOString().slice(0, 10);
    await api(origin, 'POST', 'CreateCart', { packageId, travelDate, adults: 2, rooms: 1 }, token);
    const hold = await api(origin, 'POST', 'CreateTempBooking', {}, token);
    await api(
      origin,
      'POST',
      'CreateBooking',
      {
        TempBookingId: hold.TempBookingId,
        PaymentMethod: 'pay-later',
        LeadTraveller: {
          Title: 'Ms',
          FirstName: 'Light',
          LastName: 'House',
          Email: email,
          Phone: '+971501234567',
          DOB: '1990-01-01',
        },
        Travellers: [{ FirstName: 'Second', LastName: 'House', AgeBand: 'adult' }],
      },
      token,
    );
  }
  return { email, password: PASSWORD };
}

/**
 * Logs the traveller in through the sign-in page of this browser, then clears everything of the origin but its cookies.
 */
async function signIn(origin: string, port: number, who: { email: string; password: string }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(`${origin}/login?callbackUrl=%2Ftrips`);
  await page.waitForSelector('html[data-interactive]');
  await page.getByLabel('Email or mobile number').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/trips$/);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage,indexeddb,local_storage,websql,file_systems,shader_cache',
  });
  await page.close();
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const gzipCache = new Map<string, number>();
/** Size of the file gzipped at the default level, whatever encoding the server chose to send. */
export async function gzippedSize(url: string): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const size = gzipSync(Buffer.from(await res.arrayBuffer())).length;
  gzipCache.set(url, size);
  return size;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript a page needs before it is interactive: the entry and any module the HTML names
 * (the entry and its imports start from an inline script once the hero has painted), each with its
 * static imports, plus the route's page chunk with its static imports. Chunks loaded later on
 * purpose (cart database, sync engine, popups) are not part of it.
 */
export async function bootFiles(origin: string, path: string, loaded: string[]): Promise<Set<string>> {
  const html = await (await fetch(`${origin}${path}`)).text();
  const boot = new Set<string>();
  for (const m of html.matchAll(
    /<script[^>]*type="module"[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
  ))
    boot.add((m[1] ?? m[2])!);
  const manifest = JSON.parse(readFileSync(join(distDir(), 'client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || boot.has(`/${chunk.file}`)) return;
    boot.add(`/${chunk.file}`);
    chunk.imports?.forEach(walk);
  };
  walk('src/entry-client.tsx');
  for (const url of loaded) {
    const key = byFile.get(url);
    if (key && /-page\.tsx$/.test(key)) {
      boot.delete(url);
      walk(key);
    }
  }
  return boot;
}

interface PageResult {
  label: string;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  js: {
    files: { url: string; gzipBytes: number; transferBytes: number; boot: boolean }[];
    gzipBytes: number;
    bootGzipBytes: number;
    transferBytes: number;
  };
  /** Audits below full marks in accessibility, best practices and SEO (what to fix). */
  failing: { category: string; id: string; title: string }[];
  /** The largest performance opportunities Lighthouse sees. */
  opportunities: { id: string; title: string; savingsMs: number }[];
  /**
   * What Lighthouse took as the largest contentful paint (its selector and a snippet), and the layout shifts it saw.
   */
  lcpElement: string;
  layoutShifts: { element: string; score: number }[];
}

interface NodeItem {
  node?: { selector?: string; snippet?: string; nodeLabel?: string };
  score?: number;
}

/** The nodes an audit's table names (LCP element, layout shifts), with their scores when the table has them. */
function auditNodes(lhr: { audits: Record<string, { details?: unknown }> }, id: string): NodeItem[] {
  type Details = { type?: string; items?: (NodeItem & { items?: NodeItem[] })[] };
  const details = lhr.audits[id]?.details as Details | undefined;
  // largest-contentful-paint-element is a list of tables: the first holds the element.
  const items =
    details?.type === 'list' ? ((details.items?.[0] as Details | undefined)?.items ?? []) : (details?.items ?? []);
  return items.filter((i) => i.node);
}

const describeNode = (n: NodeItem['node']) => `${n?.selector ?? '?'} ${(n?.snippet ?? '').slice(0, 120)}`;

function artifactsFlags(dir: string, label: string) {
  const path = join(dir, `${label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  return { gatherMode: path, auditMode: path };
}

async function auditPage(origin: string, page: PageToTest): Promise<PageResult> {
  const browser = await launchChromium();
  try {
    if (page.traveller) await signIn(origin, browser.port, page.traveller);
    const result = await lighthouse(`${origin}${page.path}`, {
      port: browser.port,
      // Signed in: the session cookies stay; everything else was cleared by signIn.
      disableStorageReset: Boolean(page.traveller),
      // LIGHTHOUSE_ARTIFACTS_DIR=dir keeps each run's trace and network log (to rerun Lantern's estimate on).
      ...(process.env.LIGHTHOUSE_ARTIFACTS_DIR ? artifactsFlags(process.env.LIGHTHOUSE_ARTIFACTS_DIR, page.label) : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
    // LIGHTHOUSE_LHR_DIR=dir keeps each run's whole report (every audit, the network requests) to read.
    if (process.env.LIGHTHOUSE_LHR_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_LHR_DIR, { recursive: true });
      const name = `${page.label.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(join(process.env.LIGHTHOUSE_LHR_DIR, name), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;

    const items = (
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
    ).filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin));
    const boot = await bootFiles(
      origin,
      page.path,
      items.map((i) => i.url.slice(origin.length)),
    );
    const files = await Promise.all(
      items.map(async (i) => {
        const url = i.url.slice(origin.length);
        return { url, gzipBytes: await gzippedSize(i.url), transferBytes: i.transferSize ?? 0, boot: boot.has(url) };
      }),
    );

    const failing: PageResult['failing'] = [];
    for (const cat of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failing.push({ category: cat, id: ref.id, title: audit.title });
      }
    }
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0)
      .map((a) => ({ id: a.id, title: a.title, savingsMs: Math.round(a.numericValue ?? 0) }))
      .sort((a, b) => b.savingsMs - a.savingsMs)
      .slice(0, 5);

    return {
      label: page.label,
      path: page.path,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      metrics: {
        fcpMs: Math.round(num('first-contentful-paint')),
        lcpMs: Math.round(num('largest-contentful-paint')),
        tbtMs: Math.round(num('total-blocking-time')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        speedIndexMs: Math.round(num('speed-index')),
      },
      js: {
        files,
        gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
        bootGzipBytes: files.filter((f) => f.boot).reduce((s, f) => s + f.gzipBytes, 0),
        transferBytes: files.reduce((s, f) => s + f.transferBytes, 0),
      },
      failing,
      opportunities,
      lcpElement: auditNodes(lhr, 'largest-contentful-paint-element').map((i) => describeNode(i.node))[0] ?? 'none',
      layoutShifts: auditNodes(lhr, 'layout-shifts').map((i) => ({
        element: describeNode(i.node),
        score: Math.round((i.score ?? 0) * 1000) / 1000,
      })),
    };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** With several runs a page reports its median run by performance score (Lighthouse varies). */
function median(runs: PageResult[]): PageResult {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  description: 'Lighthouse mobile scores, Web Vitals and gzipped JavaScript per page',
  async run(ctx: BenchContext): Promise<BenchReport> {
    const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
    const pages = await pagesToTest(ctx.origin);
    const trips = pages.find((p) => p.path === '/trips');
    if (trips) trips.traveller = await travellerWithTrips(ctx);
    const results: PageResult[] = [];
    const errors: { page: string; error: string }[] = [];
    for (const page of pages) {
      const attempts: PageResult[] = [];
      try {
        for (let i = 0; i < runs; i++) {
          ctx.log(`lighthouse ${page.path}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
          try {
            attempts.push(await auditPage(ctx.origin, page));
          } catch (err) {
            // Lighthouse now and then loses its page on a busy box (a protocol timeout): once more, said.
            ctx.log(`  run failed (${(err as Error).message}): trying once more`);
            attempts.push(await auditPage(ctx.origin, page));
          }
        }
        results.push(median(attempts));
      } catch (err) {
        // One page failing (e.g. a 404) still leaves the others measured.
        errors.push({ page: `${page.label} ${page.path}`, error: (err as Error).message });
        ctx.log(`  failed: ${(err as Error).message}`);
      }
    }
    if (results.length === 0) throw new Error(`Every page failed: ${errors.map((e) => e.error).join('; ')}`);

    const rows: Record<string, string | number>[] = results.map((r) => ({
      page: `${r.label} ${r.path}`,
      perf: r.scores.performance,
      a11y: r.scores.accessibility,
      'best pr.': r.scores.bestPractices,
      seo: r.scores.seo,
      FCP: sec(r.metrics.fcpMs),
      LCP: sec(r.metrics.lcpMs),
      TBT: `${r.metrics.tbtMs} ms`,
      CLS: r.metrics.cls.toFixed(3),
      'JS boot gz': `${kb(r.js.bootGzipBytes)} KB`,
      'JS all gz': `${kb(r.js.gzipBytes)} KB`,
      'JS files': r.js.files.length,
    }));
    for (const e of errors) rows.push({ page: e.page, perf: 'failed', error: e.error });
    // First-route JavaScript, performance ≥ 98 and TBT are promises of every public page (issues 22 and 34); My trips,
    // signed in, is reported beside them.
    const isPublic = (r: PageResult) => !pages.find((p) => p.path === r.path)?.traveller;
    const publicPages = results.filter(isPublic);
    const targets: Target[] = [
      ...results.map((r) => {
        const wanted = isPublic(r) ? TARGETS.performance : TARGETS.tripsPerformance;
        return {
          label: `performance ≥ ${wanted} on ${r.path} (${r.scores.performance})`,
          met: r.scores.performance >= wanted,
        };
      }),
      ...results.map((r) => ({
        label: `LCP ≤ ${sec(TARGETS.lcpMs)} on ${r.path} (${sec(r.metrics.lcpMs)})`,
        met: r.metrics.lcpMs <= TARGETS.lcpMs,
      })),
      ...publicPages.map((r) => ({
        label: `TBT ≤ ${TARGETS.tbtMs} ms on ${r.path} (${r.metrics.tbtMs} ms)`,
        met: r.metrics.tbtMs <= TARGETS.tbtMs,
      })),
      ...results.map((r) => ({
        label: `CLS ≤ ${TARGETS.cls} on ${r.path} (${r.metrics.cls})`,
        met: r.metrics.cls <= TARGETS.cls,
      })),
      ...results.map((r) => ({
        label: `accessibility ${TARGETS.accessibility} on ${r.path} (${r.scores.accessibility})`,
        met: r.scores.accessibility >= TARGETS.accessibility,
      })),
      ...publicPages.map((r) => ({
        label: `first-route JavaScript ≤ ${TARGETS.firstRouteJsKb} KB gz on ${r.path}, to be interactive (${kb(r.js.bootGzipBytes)} KB; ${kb(r.js.gzipBytes)} KB with what loads after)`,
        met: kb(r.js.bootGzipBytes) <= TARGETS.firstRouteJsKb,
      })),
    ];
    for (const r of results) {
      ctx.log(`  ${r.path}: LCP element ${r.lcpElement}`);
      for (const s of r.layoutShifts) ctx.log(`  ${r.path}: layout shift ${s.score} of ${s.element}`);
      for (const f of r.failing) ctx.log(`  ${r.path}: ${f.category} – ${f.id}: ${f.title}`);
    }
    for (const e of errors) targets.push({ label: `${e.page} measured (${e.error})`, met: false });
    return { rows, targets, details: { runsPerPage: runs, pages: results, errors } };
  },
};

/*
 * `npm run bench -- lighthouse-desk`: Lighthouse's accessibility category alone (fast) on the back
 * office's main pages, on a phone (Lighthouse's default mobile screen), signed in as an owner: the
 * staff session cookie is sent with every request of the page. The desk has its own production
 * server here (its data folder known, so `npm run staff` can add the owner over loopback), with a
 * traveller's two pay-later bookings and an enquiry to show. LIGHTHOUSE_PAGES narrows it as above.
 */

const DESK_PASSWORD = 'a long lighthouse staff password';

/** An owner added by `npm run staff` against the running server, set up and signed in over HTTP: the session cookie. */
async function signedInOwner(origin: string, port: number, dataDir: string): Promise<string> {
  const email = `lighthouse-owner-${Date.now()}@example.com`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'add', email, 'owner'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' },
    },
  );
  const link = /\S*\/admin\/setup\?token=\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`npm run staff gave no set-up link: ${stdout}`);
  const post = async (path: string, body: object) => {
    const res = await fetch(`${origin}/api/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { message: string; data: Record<string, string> };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
    return { json, res };
  };
  const { json: setup } = await post('setup', {
    token: new URL(link).searchParams.get('token'),
    password: DESK_PASSWORD,
  });
  const totp = new TOTP({
    secret: Secret.fromBase32(setup.data.totpSecret!),
    period: 30,
    digits: 6,
    algorithm: 'SHA1',
  });
  await post('setup/confirm', { enrolmentToken: setup.data.enrolmentToken, code: totp.generate() });
  // A code is taken once: the sign-in uses the next 30-second step's.
  const { res } = await post('login', {
    email,
    password: DESK_PASSWORD,
    code: totp.generate({ timestamp: Date.now() + 30_000 }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The desk's main pages, a booking and an enquiry of this run's traveller among them. */
async function deskPagesToTest(ctx: BenchContext, origin: string, cookie: string): Promise<PageToTest[]> {
  const traveller = await travellerWithTrips({ ...ctx, origin });
  const booking = (await (
    await fetch(`${origin}/api/admin/bookings?q=${encodeURIComponent(traveller.email)}`, { headers: { cookie } })
  ).json()) as { data: { items: { RefIdKey: string }[] } };
  const ref = booking.data.items[0]?.RefIdKey;
  if (!ref) throw new Error('The traveller’s booking is not in the desk’s list.');
  const featured = (await api(origin, 'GET', 'Holiday/GetFeaturedPackages?limit=1')) as {
    packages: { id: number; slug: string; title: string }[];
  };
  const pkg = featured.packages[0]!;
  const sent = (await api(origin, 'POST', 'SubmitEnquiryForm', {
    PackageId: pkg.id,
    PackageSlug: pkg.slug,
    PackageTitle: pkg.title,
    FullName: 'Light House',
    Email: traveller.email,
    PhoneNumber: '+971501234567',
    Adults: 2,
    Message: 'Two of us in spring, please price it.',
  })) as { EnquiryId: number };
  return [
    { label: 'bookings', path: '/admin/bookings' },
    { label: 'booking', path: `/admin/bookings/${ref}` },
    { label: 'enquiries', path: '/admin/enquiries' },
    { label: 'enquiry', path: `/admin/enquiries/${sent.EnquiryId}` },
    { label: 'travellers', path: '/admin/travellers' },
    { label: 'documents', path: '/admin/documents' },
    { label: 'reports', path: '/admin/reports' },
    { label: 'catalogue', path: '/admin/packages' },
    { label: 'audit log', path: '/admin/audit' },
  ].filter((p) => wantedPage(p.label, p.path));
}

interface DeskPageResult {
  label: string;
  path: string;
  accessibility: number;
  /** Each audit below full marks, with the elements it names (what to fix). */
  failing: { id: string; title: string; nodes: string[] }[];
}

async function auditDeskPage(origin: string, page: PageToTest, cookie: string): Promise<DeskPageResult> {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(`${origin}${page.path}`, {
      port: browser.port,
      // The staff session: the cookie goes with every request (the page's calls to /api/admin among them).
      extraHeaders: { Cookie: cookie },
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
    if (!/\/admin/.test(lhr.finalDisplayedUrl) || /\/admin\/login/.test(lhr.finalDisplayedUrl))
      throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
    const failing: DeskPageResult['failing'] = [];
    for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        const items = (audit.details as { items?: NodeItem[] } | undefined)?.items ?? [];
        failing.push({
          id: ref.id,
          title: audit.title,
          nodes: items.filter((i) => i.node).map((i) => describeNode(i.node)),
        });
      }
    }
    return {
      label: page.label,
      path: page.path,
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      failing,
    };
  } finally {
    await browser.close();
  }
}

export const lighthouseDeskBench: Benchmark = {
  name: 'lighthouse-desk',
  ownServers: true,
  description:
    'Lighthouse accessibility of the back office’s main pages on a phone, signed in as an owner (target 100)',
  async run(ctx: BenchContext): Promise<BenchReport> {
    const dataDir = await mkdtemp(join(tmpdir(), 'travel-shop-desk-lighthouse-'));
    const server = await startProductionServer({ env: { DATA_DIR: dataDir, SMTP_URL: ctx.mail.url } });
    try {
      ctx.log(`production server at ${server.origin}`);
      const cookie = await signedInOwner(server.origin, server.port, dataDir);
      const pages = await deskPagesToTest(ctx, server.origin, cookie);
      const results: DeskPageResult[] = [];
      const errors: { page: string; error: string }[] = [];
      for (const page of pages) {
        ctx.log(`lighthouse ${page.path}`);
        try {
          results.push(await auditDeskPage(server.origin, page, cookie));
        } catch (err) {
          errors.push({ page: `${page.label} ${page.path}`, error: (err as Error).message });
          ctx.log(`  failed: ${(err as Error).message}`);
        }
      }
      for (const r of results) {
        ctx.log(`  ${r.label}: accessibility ${r.accessibility}`);
        for (const f of r.failing)
          for (const n of f.nodes.length ? f.nodes : ['(the page)']) ctx.log(`  ${r.path}: ${f.id} – ${f.title}: ${n}`);
      }
      const rows: Record<string, string | number>[] = results.map((r) => ({
        page: `${r.label} ${r.path}`,
        a11y: r.accessibility,
        failing: r.failing.map((f) => f.id).join(', ') || '—',
      }));
      for (const e of errors) rows.push({ page: e.page, a11y: 'failed', failing: e.error });
      const targets: Target[] = [
        ...results.map((r) => ({
          label: `accessibility ${TARGETS.accessibility} on ${r.path} (${r.accessibility})`,
          met: r.accessibility >= TARGETS.accessibility,
        })),
        ...errors.map((e) => ({ label: `${e.page} measured (${e.error})`, met: false })),
      ];
      return { rows, targets, details: { pages: results, errors } };
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
