// `node --import tsx bench/lib/first-load-trace.ts [runs] [outDir]`: what the main thread does on a
// shop page's first load, read from a trace rather than a stopwatch. Lighthouse's simulated 4x CPU
// multiplies every task the (loaded) host shows, so its TBT on the shared box says little; the tasks
// themselves say what costs. Each public page (/, /in, listing, package, search) is loaded cold in
// Debian's Chromium at Lighthouse's mobile screen, against the production build served as the bench
// serves it (bench/lib/server.ts; DIST_DIR picks the build), with a CDP trace (devtools.timeline)
// and a JavaScript sampling profile, from navigation until the page has been quiet for 2 s after
// `html[data-interactive]`. It lists every task over 12.5 ms (50 ms at 4x) by its CPU time (the
// thread's own time, which the other processes on the box do not lengthen), with what runs in it:
// the trace events (script evaluation by file, timers, idle callbacks, events, style and layout)
// and the heaviest JavaScript functions sampled in it. "TBT at 4x" sums max(0, 4 × CPU ms − 50)
// over the tasks after first contentful paint, as Lighthouse's simulation roughly would.
// PAGES=home,package narrows the pages; THROTTLE=4 runs with CDP's CPU throttling as well; ORIGIN
// traces a server already running.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROME_PATH } from './chromium.ts';
import type { Profile } from './cpu-profile.ts';
import { startProductionServer } from './server.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { url?: string; type?: string; functionName?: string; frame?: string };
  };
}

export interface LongTask {
  startMs: number;
  wallMs: number;
  cpuMs: number;
  afterFcp: boolean;
  what: string[];
  js: string[];
}

export interface PageTrace {
  page: string;
  fcpMs: number | null;
  interactiveMs: number | null;
  tasksOver12: LongTask[];
  tasksOver50: number;
  tbtAt4x: number;
  mainThreadCpuMs: number;
  /** Tasks left out: the harness's own script in the page. */
  harnessTasks: number;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
].join(',');

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');

/** What a trace event inside a task says it is, or null for the plumbing (nothing to name). */
function describe(e: TraceEvent): string | null {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'v8.compileModule':
    case 'v8.compile':
    case 'CompileScript':
      return `${e.name} ${short(String(d.url ?? (e.args as { fileName?: string } | undefined)?.fileName ?? ''))}`.trim();
    case 'FunctionCall':
      return `FunctionCall ${short(String(d.url ?? ''))}${d.functionName ? ` ${d.functionName}` : ''}`;
    case 'EventDispatch':
      return `EventDispatch ${d.type}`;
    case 'TimerFire':
    case 'FireIdleCallback':
    case 'FireAnimationFrame':
    case 'ParseHTML':
    case 'ParseAuthorStyleSheet':
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'HitTest':
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'BlinkGC.AtomicPhase':
    case 'Decode Image':
    case 'ImageDecodeTask':
    case 'RunMicrotasks':
    case 'v8.run':
    case 'ScheduleStyleRecalculation':
      return e.name;
    default:
      return null;
  }
}

/** Self time by function (name file:line) of the samples between two trace times (µs). */
function jsIn(profile: Profile, from: number, to: number, top = 6): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const next = profile.timeDeltas[i + 1] ?? 0;
    const f = byId.get(profile.samples[i]!)!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${short(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
    self.set(key, (self.get(key) ?? 0) + next / 1000);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .filter(([, ms]) => ms >= 1)
    .map(([k, ms]) => `${ms.toFixed(1)} ms ${k}`);
}

function analyse(page: string, events: TraceEvent[], profile: Profile | null, interactiveAt: number | null): PageTrace {
  // The page's renderer: the one whose main thread parsed the page's HTML.
  const parse =
    events.find(
      (e) =>
        e.name === 'ParseHTML' &&
        String(e.args?.data?.url ?? (e.args as { beginData?: { url?: string } })?.beginData?.url ?? '').includes(
          'localhost',
        ),
    ) ?? events.find((e) => e.name === 'ParseHTML');
  if (!parse) throw new Error(`${page}: no ParseHTML in the trace`);
  const { pid, tid } = parse;
  const nav =
    events.find(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === pid &&
        String(e.args?.data?.documentLoaderURL ?? '').includes('localhost'),
    ) ?? events.find((e) => e.name === 'navigationStart' && e.pid === pid);
  const t0 = nav?.ts ?? parse.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  // The harness's mark before it stops recording: what follows is the recording's own end.
  const end = events.find((e) => e.name === 'trace-end' && e.pid === pid)?.ts ?? Infinity;
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number' && e.ts >= t0)
    .sort((a, b) => a.ts - b.ts);
  // Top-level tasks only (Chromium nests ThreadControllerImpl::RunTask and RunTask).
  const tasks: TraceEvent[] = [];
  for (const e of main.filter((x) => x.name === 'RunTask' || x.name === 'ThreadControllerImpl::RunTask')) {
    const last = tasks[tasks.length - 1];
    if ((last && e.ts < last.ts + last.dur!) || e.ts >= end) continue;
    tasks.push(e);
  }
  const long: LongTask[] = [];
  let tbt = 0;
  let cpuTotal = 0;
  let harness = 0;
  for (const task of tasks) {
    const cpuMs = (task.tdur ?? task.dur!) / 1000;
    const js = profile ? jsIn(profile, task.ts, task.ts + task.dur!) : [];
    // The trace's own reading of the page (Playwright's injected script, CDP evaluations) is not the page's work.
    if (js.some((j) => /InjectedScript|UtilityScript/.test(j))) {
      harness += 1;
      continue;
    }
    cpuTotal += cpuMs;
    const afterFcp = fcp ? task.ts >= fcp.ts : true;
    if (afterFcp) tbt += Math.max(0, 4 * cpuMs - 50);
    if (cpuMs <= 12.5) continue;
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const what = new Map<string, number>();
    for (const e of inside) {
      const d = describe(e);
      if (!d) continue;
      // Wall time of each kind, nested kinds counted within their parents (an outline, not a sum).
      what.set(d, (what.get(d) ?? 0) + e.dur! / 1000);
    }
    // Nothing named inside: say what the trace does hold (the raw event names), rather than nothing.
    if (what.size === 0)
      for (const e of inside) what.set(`(${e.name})`, (what.get(`(${e.name})`) ?? 0) + e.dur! / 1000);
    long.push({
      startMs: Math.round((task.ts - t0) / 1000),
      wallMs: Math.round(task.dur! / 100) / 10,
      cpuMs: Math.round(cpuMs * 10) / 10,
      afterFcp,
      what: [...what]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, ms]) => `${ms.toFixed(1)} ms ${k}`),
      js,
    });
  }
  return {
    page,
    fcpMs: fcp ? Math.round((fcp.ts - t0) / 1000) : null,
    interactiveMs: interactiveAt,
    tasksOver12: long,
    tasksOver50: long.filter((t) => t.cpuMs > 50).length,
    tbtAt4x: Math.round(tbt),
    mainThreadCpuMs: Math.round(cpuTotal),
    harnessTasks: harness,
  };
}

async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (m) => void events.push(...(m.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

async function featuredPackage(origin: string) {
  const res = await fetch(`${origin}/api/Common/Holiday/GetFeaturedPackages?limit=1`, { headers: { Country: 'UAE' } });
  const body = (await res.json()) as { data?: { packages?: { slug: string; city: { id: number } }[] } };
  const pkg = body.data?.packages?.[0];
  if (!pkg) throw new Error('The server has no featured package.');
  return pkg;
}

async function main() {
  const runs = Math.max(1, Number(process.argv[2] ?? 1));
  const outDir = process.argv[3] ?? '/tmp/first-load-trace';
  await mkdir(outDir, { recursive: true });
  // ORIGIN=http://localhost:port traces a server already running (one started per build is slow on a busy box).
  const server = process.env.ORIGIN ? null : await startProductionServer();
  const origin = process.env.ORIGIN ?? server!.origin;
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const results: PageTrace[] = [];
  try {
    const pkg = await featuredPackage(origin);
    const wanted = (process.env.PAGES ?? '').split(',').filter(Boolean);
    const pages = [
      ['home', '/'],
      ['home-in', '/in'],
      ['listing', `/holidays?cityId=${pkg.city.id}`],
      ['package', `/holidays/${pkg.slug}`],
      ['search', '/search?q=beach'],
    ].filter(([label]) => wanted.length === 0 || wanted.includes(label!));
    for (const [label, path] of pages) {
      for (let run = 0; run < runs; run++) {
        // Lighthouse's mobile screen; a fresh context is a first visit (no cookies, no worker, no cache).
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        if (process.env.THROTTLE)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.THROTTLE) });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
        await cdp.send('Profiler.start');
        const started = Date.now();
        await page.goto(`${origin}${path}`, { waitUntil: 'load' });
        // Asked from outside through CDP, one small expression every 100 ms (Playwright's own waits
        // inject a script into the page, whose work would show as the page's).
        const ask = async (expression: string) =>
          ((await cdp.send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: unknown } })
            .result.value;
        const until = Date.now() + 60_000;
        while (!(await ask(`document.documentElement.hasAttribute('data-interactive')`))) {
          if (Date.now() > until) throw new Error(`${path}: not interactive within 60 s`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const interactiveAt = Date.now() - started;
        // Idle: the deferred parts load at idle (at most 3 s after load); wait until no request has
        // started for 2 s, then 2 s more for idle callbacks and timers that follow.
        let lastRequest = Date.now();
        page.on('request', () => void (lastRequest = Date.now()));
        while (Date.now() - lastRequest < 2000) await new Promise((r) => setTimeout(r, 200));
        await new Promise((r) => setTimeout(r, 2000));
        await ask(`performance.mark('trace-end')`);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const events = await collectTrace(cdp);
        await context.close();
        const result = analyse(`${label} ${path}`, events, profile, interactiveAt);
        results.push(result);
        await writeFile(join(outDir, `${label}-${run + 1}.json`), JSON.stringify({ traceEvents: events }));
        await writeFile(join(outDir, `${label}-${run + 1}.cpuprofile`), JSON.stringify(profile));
        console.log(
          `\n== ${result.page} (run ${run + 1}): FCP ${result.fcpMs} ms, interactive ${interactiveAt} ms, main thread CPU ${result.mainThreadCpuMs} ms, tasks > 12.5 ms CPU: ${result.tasksOver12.length}, > 50 ms: ${result.tasksOver50}, TBT at 4x ≈ ${result.tbtAt4x} ms`,
        );
        for (const t of result.tasksOver12) {
          console.log(
            `  at ${t.startMs} ms: ${t.cpuMs} ms CPU (${t.wallMs} ms wall)${t.afterFcp ? '' : ' before FCP'}`,
          );
          for (const w of t.what) console.log(`      ${w}`);
          for (const j of t.js) console.log(`      js: ${j}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  await writeFile(join(outDir, 'summary.json'), JSON.stringify(results, null, 2));
  console.log('\npage | tasks > 12.5 ms CPU | > 50 ms | TBT at 4x (ms) | main-thread CPU (ms)');
  for (const r of results)
    console.log(`${r.page} | ${r.tasksOver12.length} | ${r.tasksOver50} | ${r.tbtAt4x} | ${r.mainThreadCpuMs}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
