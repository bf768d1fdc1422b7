// `npm run test:e2e`: the browser tests, in E2E_LANES lanes at once (default 1), each a Playwright
// run of its own with its own production server, database, mail catcher and payment stand-ins
// (everything a run derives from E2E_PORT), on a share of the spec files. One lane leaves a core
// idle while the page and the server wait on each other; two lanes are not the default yet: on the
// shared 2-core machine they showed races the tests still have (decision 0084). Spec files as
// arguments: those, shared out the same way; any other argument (--grep, ...): plain `playwright test`.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SPECS = 'tests/e2e';
/** Seconds each spec file took in one lane (a quiet run); only used to share the files out evenly. */
const DURATIONS = join(SPECS, 'durations.json');
/** Lane i runs on E2E_PORT + i * LANE_PORT_STEP (and that port's +100, +101, +20000, +21000, +22000). */
const LANE_PORT_STEP = 10;
const playwright = join(ROOT, 'node_modules/@playwright/test/cli.js');

const args = process.argv.slice(2);
if (!args.every((a) => a.endsWith('.spec.ts') && existsSync(join(ROOT, a))))
  process.exit(await run(['test', ...args], process.env, null));

const files = args.length
  ? args.map((a) => relative(join(ROOT, SPECS), join(ROOT, a)))
  : readdirSync(join(ROOT, SPECS))
      .filter((f) => f.endsWith('.spec.ts'))
      .sort();
const lanes = Math.min(files.length, Math.max(1, Number(process.env.E2E_LANES ?? 1)));
const base = Number(process.env.E2E_PORT ?? 4173);
// The lanes' servers start from the compiled server (tests/e2e/serve.mjs): compiled once here when
// stale, not by two lanes at once into the same folder.
buildIfStale({ serverOnly: true });
const seconds = existsSync(join(ROOT, DURATIONS)) ? JSON.parse(readFileSync(join(ROOT, DURATIONS), 'utf8')) : {};
const known = Object.values(seconds);
const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
// Longest first, each to the lane with the least so far.
const shares = Array.from({ length: lanes }, () => ({ files: [], seconds: 0 }));
for (const file of [...files].sort((a, b) => (seconds[b] ?? fallback) - (seconds[a] ?? fallback))) {
  const lane = shares.reduce((least, s) => (s.seconds < least.seconds ? s : least));
  lane.files.push(file);
  lane.seconds += seconds[file] ?? fallback;
}

const started = Date.now();
const codes = await Promise.all(
  shares.map((share, i) => {
    const port = base + i * LANE_PORT_STEP;
    const label = lanes > 1 ? `[e2e ${i + 1}/${lanes}] ` : '';
    if (label)
      console.log(
        `${label}port ${port}: ${share.files.length} files${known.length ? `, about ${Math.round(share.seconds)} s` : ''}: ${share.files.join(' ')}`,
      );
    const output = lanes > 1 ? ['--output', `test-results/lane-${i + 1}`] : [];
    return run(
      ['test', ...share.files.map((f) => `${SPECS}/${f}`), ...output],
      { ...process.env, E2E_PORT: String(port) },
      label,
    );
  }),
);
if (lanes > 1)
  console.log(
    `Browser tests: ${codes.every((c) => c === 0) ? 'all lanes passed' : `lane(s) ${codes.flatMap((c, i) => (c === 0 ? [] : [i + 1])).join(', ')} failed`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
process.exit(codes.find((c) => c !== 0) ?? 0);

/** Runs Playwright's command line; with a label, each line of its output is prefixed with it. */
function run(argv, env, label) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [playwright, ...argv], {
      cwd: ROOT,
      env,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`${label}${line}\n`);
        });
        from.on('end', () => rest && to.write(`${label}${rest}\n`));
      }
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}
