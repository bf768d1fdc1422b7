// `npm test`: every check, as CI runs it. The type check, the lint and the production build test
// nothing against a clock and each mostly keeps one core busy, so they run side by side (their
// output is printed whole, one after the other, as each ends); the test suites then run one after
// the other, each with the whole machine.
// Prints how long each stage took, and the CPU seconds it used: on a shared machine the wall time
// says how loaded it was, the CPU time what the stage itself costs (decisions 0084, 0100).
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const timings = [];
/** CPU seconds of each phase's stages together (the first phase's three stages run at once). */
const cpu = [];

/**
 * CPU seconds (user + system) used so far by this process's children that have ended, and by
 * theirs that those waited for (Linux: /proc/self/stat's cutime and cstime, in 1/100 s); null
 * elsewhere. A Postgres cluster started as a daemon is not counted: it is no one's child.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds every core has spent busy since boot (Linux: /proc/stat's first line, in 1/100 s), or null. Counts what
 * childCpuSeconds misses: Chromium's processes (not waited for by their parent here) and a daemonised Postgres; and
 * anything else the machine runs, so on a shared machine it is the load, not the stage.
 */
function machineBusySeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** Runs the stages of one phase (all at once) and notes the CPU seconds they, and the machine, used. */
async function phase(label, run) {
  const before = childCpuSeconds();
  const busyBefore = machineBusySeconds();
  const ok = await run();
  const after = childCpuSeconds();
  const busyAfter = machineBusySeconds();
  if (before !== null && after !== null)
    cpu.push([label, after - before, busyBefore !== null && busyAfter !== null ? busyAfter - busyBefore : null]);
  return ok;
}

/** Runs `npm run <script>`; buffered: its output is held and printed once it has ended. */
function stage(script, { buffered = false } = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: ROOT,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const out = [];
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => out.push(chunk));
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0 && !signal;
      timings.push([script, seconds, ok]);
      if (buffered) {
        console.log(`\n> npm run ${script}`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`${ok ? '✓' : '✗'} npm run ${script} (${seconds.toFixed(0)} s)`);
      done(ok);
    });
  });
}

function report() {
  console.log('\nStages:');
  for (const [script, seconds, ok] of timings)
    console.log(`  ${ok ? '✓' : '✗'} ${script.padEnd(14)} ${seconds.toFixed(0).padStart(5)} s`);
  if (cpu.length) console.log("CPU used (user + system): by the stage's own processes, and by the whole machine");
  for (const [label, seconds, machine] of cpu)
    console.log(
      `    ${label.padEnd(27)} ${seconds.toFixed(0).padStart(5)} CPU-s${machine === null ? '' : `  ${machine.toFixed(0).padStart(5)} CPU-s machine`}`,
    );
}

const started = Date.now();
let ok = await phase('typecheck + lint + build', async () =>
  (await Promise.all(['typecheck', 'lint', 'build'].map((s) => stage(s, { buffered: true })))).every(Boolean),
);
// The test suites one after the other, each with the whole machine: the Postgres suite beside the
// browser suite was tried and measured worse (decision 0084, amended 2026-11-29).
for (const script of ['test:unit', 'test:postgres', 'test:e2e']) {
  if (!ok) break;
  ok = await phase(script, () => stage(script));
}
report();
console.log(`${ok ? 'All checks passed' : 'A check failed'} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(ok ? 0 : 1);
