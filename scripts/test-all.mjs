// `npm test`: every check, as CI runs it, in three phases (decision 0084, amended):
// 1. the production build (the tests need it);
// 2. the unit suite (two files at a time, about 87 % of two cores), and beside it the type check and then the lint,
//    which test nothing against a clock: at a lower priority (nice 10), in what the unit suite leaves idle;
// 3. the browser suite (one lane: about 1.3 of 2 cores busy, the rest waiting on pages and timers, decision 0115), and
//    beside it the Postgres suite at nice 10 (its two workers and its Postgres cluster), in the CPU the browser suite
//    leaves idle: the browser tests, which wait on pages and timers, keep the CPU when they want it.
// Output of the stages beside the main one is held and printed whole as each ends.
// Prints how long each stage took, and the CPU seconds it used: on a shared machine the wall time
// says how loaded it was, the CPU time what the stage itself costs (decisions 0084, 0100).
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { setPriority } from 'node:os';
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

/**
 * Runs `npm run <script>`; buffered: its output is held and printed once it has ended. `nice`: the stage
 * and every process it starts run at that lower priority (set before npm has started any), so they take the CPU the
 * stage beside them leaves idle rather than slowing it.
 */
function stage(script, { buffered = false, nice = 0 } = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: ROOT,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (nice && child.pid !== undefined) setPriority(child.pid, nice);
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
let ok = await phase('build', () => stage('build', { buffered: true }));
if (ok)
  ok = await phase('test:unit + typecheck, lint', async () => {
    const checks = (async () => {
      const typed = await stage('typecheck', { buffered: true, nice: 10 });
      return (await stage('lint', { buffered: true, nice: 10 })) && typed;
    })();
    return (await Promise.all([stage('test:unit'), checks])).every(Boolean);
  });
if (ok)
  ok = await phase('test:e2e + test:postgres', async () =>
    (await Promise.all([stage('test:e2e'), stage('test:postgres', { buffered: true, nice: 10 })])).every(Boolean),
  );
report();
console.log(`${ok ? 'All checks passed' : 'A check failed'} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(ok ? 0 : 1);
