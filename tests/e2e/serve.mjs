// Starts the built shop for the browser tests on a fresh embedded database, as `npm start` does
// after its build step: the compiled server (dist/node), compiled first if it is stale.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

const dataDir = process.env.DATA_DIR ?? `data/e2e-${process.env.PORT ?? 'default'}`;
rmSync(dataDir, { recursive: true, force: true });
buildIfStale({ serverOnly: true });
const child = spawn(process.execPath, ['dist/node/server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
