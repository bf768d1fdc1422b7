// `node --import tsx bench/lib/wallet-profile.ts [taps] [outDir]`: what the wallet benchmark does
// (bench/wallet.ts: 20 paid bookings saved by My trips, then offline at 4x CPU a tap on Voucher), but
// with a CPU profile (CDP Profiler) around the save and around each tap, so the main thread's time
// between the tap and the voucher can be read by function and by file instead of by stopwatch on a
// loaded machine. Writes each profile (.cpuprofile, opens in Chromium's DevTools) to outDir and
// prints the heaviest files and functions by self time. Needs a production build (as the bench).
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { gatewayEnv, startGateways } from '../../tests/support/gateways.ts';
import { startMailCatcher } from '../../tests/support/mail-catcher.ts';
import { PASSWORD, tapToVoucher, travellerWithPaidBookings } from '../wallet.ts';
import { CHROME_PATH } from './chromium.ts';
import type { Profile } from './cpu-profile.ts';
import { startProductionServer } from './server.ts';

const BOOKINGS = 20;

/** Self time (ms) by file and by function, heaviest first. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const files = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const file = f.url ? f.url.replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
    files.set(file, (files.get(file) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { total: (profile.endTime - profile.startTime) / 1000, files: top(files, 15), fns: top(fns, 25) };
}

function print(label: string, profile: Profile) {
  const { total, files, fns } = selfTimes(profile);
  console.log(`\n== ${label}: ${total.toFixed(0)} ms profiled`);
  console.log('  by file (self ms):');
  for (const [k, v] of files) console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  console.log('  by function (self ms):');
  for (const [k, v] of fns) console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/**
 * Self time (ms) by trace event on the page's main thread (CrRendererMain): parsing, compiling, script, style, layout,
 * paint...
 */
function traceSelfTimes(events: TraceEvent[], label: string) {
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'EventDispatch'),
  );
  if (!main) return console.log(`  (${label}: no renderer main thread in the trace)`);
  const spans = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; key: string; child: number; dur: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= upTo) {
      const top = stack.pop()!;
      self.set(top.key, (self.get(top.key) ?? 0) + (top.dur - top.child) / 1000);
    }
  };
  for (const e of spans) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += e.dur!;
    const url = e.args?.data?.url ? ` ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
    stack.push({
      end: e.ts + e.dur!,
      key: `${e.name}${e.name.includes('ompile') || e.name === 'EvaluateScript' || e.name === 'v8.compileModule' ? url : ''}`,
      child: 0,
      dur: e.dur!,
    });
  }
  close(Infinity);
  console.log(`  ${label} trace, main thread self time (ms):`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`    ${v.toFixed(1).padStart(8)}  ${k}`);
}

async function profiled<T>(cdp: CDPSession, run: () => Promise<T>): Promise<{ result: T; profile: Profile }> {
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return { result, profile };
}

async function main() {
  const taps = Number(process.argv[2] ?? 5);
  const outDir = process.argv[3] ?? '/tmp/wallet-profile';
  await mkdir(outDir, { recursive: true });
  const mail = await startMailCatcher();
  const gateways = await startGateways();
  const server = await startProductionServer({ env: { SMTP_URL: mail.url, ...gatewayEnv(gateways.url) } });
  gateways.webhookUrl = `${server.origin}/api/payments/stripe/webhook`;
  const origin = server.origin;
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const { email, refs } = await travellerWithPaidBookings(origin, mail, BOOKINGS, 'wallet-profile');
    console.log(`${refs.length} bookings made`);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await page.goto(`${origin}/login?callbackUrl=%2Ftrips`);
    await page.waitForSelector('html[data-interactive]');
    await page.getByLabel('Email or mobile number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const requests: string[] = [];
    const took = new Map<string, number[]>();
    const pathOf = (url: string) => url.replace(origin, '').replace(/\?.*$/, '');
    context.on('request', (r) => requests.push(`${r.method()} ${r.url().replace(origin, '')}`));
    context.on('requestfinished', (r) => {
      const t = r.timing();
      if (t.responseEnd > 0) took.set(pathOf(r.url()), [...(took.get(pathOf(r.url())) ?? []), t.responseEnd]);
    });
    const save = await profiled(cdp, async () => {
      const started = Date.now();
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/trips$/);
      await page.waitForFunction((n) => document.querySelectorAll('.trip-card .saved-copy').length >= n, BOOKINGS, {
        timeout: 180_000,
      });
      return Date.now() - started;
    });
    console.log(`saving ${BOOKINGS} bookings: ${save.result} ms, ${requests.length} requests`);
    const counts = new Map<string, number>();
    for (const r of requests) {
      const k = r.replace(/\?.*$/, '').replace(/\/[A-Z0-9-]{6,}(\/|$)/g, '/:id$1');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`    ${String(n).padStart(4)}  ${k}`);
    console.log('  request times (ms, request start to response end):');
    for (const [k, v] of [...took]
      .sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))
      .slice(0, 12)) {
      console.log(
        `    ${String(v.length).padStart(4)} × avg ${(v.reduce((x, y) => x + y, 0) / v.length).toFixed(0).padStart(6)}  ${k.replace(/\/[A-Z0-9-]{6,}(\/|$)/g, '/:id$1')}`,
      );
    }
    await writeFile(join(outDir, 'save.cpuprofile'), JSON.stringify(save.profile));
    print('save', save.profile);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await context.setOffline(true);
    const times: number[] = [];
    for (const ref of refs.slice(0, taps)) {
      await page.goto(`${origin}/trips`);
      await page.waitForFunction(
        (r) => [...document.querySelectorAll('.trip-card')].some((c) => c.textContent?.includes(r)),
        ref,
      );
      const traced = times.length % 2 === 1;
      if (traced)
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'v8',
            'v8.execute',
            'disabled-by-default-devtools.timeline',
            'blink',
            'loading',
          ],
        });
      const tap = traced
        ? { result: await tapToVoucher(page, ref), profile: null }
        : await profiled(cdp, () => tapToVoucher(page, ref));
      times.push(tap.result);
      if (traced) {
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        await writeFile(join(outDir, `tap-${ref}.trace.json`), JSON.stringify(trace));
        console.log(`\n== tap ${ref}: ${tap.result.toFixed(0)} ms (traced)`);
        traceSelfTimes(trace.traceEvents, 'tap');
        continue;
      }
      await writeFile(join(outDir, `tap-${ref}.cpuprofile`), JSON.stringify(tap.profile));
      print(`tap ${ref}: ${tap.result.toFixed(0)} ms`, tap.profile!);
    }
    console.log(`\ntaps (4x CPU, profiled or traced alternately): ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  } finally {
    await browser.close();
    await server.stop();
    await mail.close();
    await gateways.close();
  }
}

await main();
