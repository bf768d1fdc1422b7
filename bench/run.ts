// `npm run bench [-- <name> ...]`: runs the benchmarks (all, or the named ones) against the
// production build, prints a table per benchmark and writes bench/results/<name>-<time>.json.
// A benchmark is a module exporting a `Benchmark` (bench/lib/types.ts); add it to BENCHMARKS.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiBench } from './api.ts';
import { cartSyncBench } from './cart-sync.ts';
import { deskBench } from './desk.ts';
import { flashSaleBench } from './flash-sale.ts';
import { lighthouseBench, lighthouseDeskBench } from './lighthouse.ts';
import { mailBench } from './mail.ts';
import { walletBench } from './wallet.ts';
import { gatewayEnv, startGateways } from '../tests/support/gateways.ts';
import { startMailCatcher } from '../tests/support/mail-catcher.ts';
import { ROOT, startProductionServer } from './lib/server.ts';
import { formatTable } from './lib/table.ts';
import type { Benchmark } from './lib/types.ts';

const BENCHMARKS: Benchmark[] = [
  lighthouseBench,
  lighthouseDeskBench,
  cartSyncBench,
  apiBench,
  walletBench,
  deskBench,
  flashSaleBench,
  mailBench,
];

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((w) => !BENCHMARKS.some((b) => b.name === w));
  if (unknown.length) {
    console.error(`Unknown benchmark ${unknown.join(', ')}. Available: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;

  // Mail goes to a local SMTP server, so a benchmark can sign a traveller up as a person would.
  const mail = await startMailCatcher();
  // Payments to the providers' local stand-ins (a booking paid by card has its vouchers at once).
  const gateways = await startGateways();
  const server = selected.some((b) => !b.ownServers)
    ? await startProductionServer({ env: { SMTP_URL: mail.url, ...gatewayEnv(gateways.url) } })
    : null;
  if (server) gateways.webhookUrl = `${server.origin}/api/payments/stripe/webhook`;
  if (server) console.log(`production server at ${server.origin} (build: ${process.env.DIST_DIR || 'dist'})`);
  const resultsDir = join(ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let failed = false;
  try {
    for (const bench of selected) {
      console.log(`\n== ${bench.name}: ${bench.description}`);
      try {
        const report = await bench.run({
          origin: bench.ownServers ? '' : server!.origin,
          mail,
          log: (m) => console.log(m),
        });
        console.log(`\n${formatTable(report.rows)}`);
        if (report.targets?.length) {
          const met = report.targets.filter((t) => t.met).length;
          console.log(`\ntargets met: ${met}/${report.targets.length}`);
          for (const t of report.targets) console.log(`  ${t.met ? 'ok  ' : 'MISS'} ${t.label}`);
        }
        const file = join(resultsDir, `${bench.name}-${stamp}.json`);
        await writeFile(
          file,
          JSON.stringify(
            { benchmark: bench.name, at: new Date().toISOString(), node: process.version, ...report },
            null,
            2,
          ),
        );
        console.log(`\nwritten ${file.slice(ROOT.length + 1)}`);
      } catch (err) {
        failed = true;
        console.error(`${bench.name} failed: ${(err as Error).stack ?? err}`);
      }
    }
  } finally {
    await server?.stop();
    await mail.close();
    await gateways.close();
  }
  process.exit(failed ? 1 : 0);
}

await main();
