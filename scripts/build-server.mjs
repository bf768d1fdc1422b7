// `npm run build:server`: compiles the server (server/, contract/, the staff CLI) to JavaScript in
// dist/node with TypeScript's own compiler (tsconfig.build.json rewrites the `.ts` imports to
// `.js`, one file per source, so each file's import.meta.url still finds what lies beside it), then
// copies the files the server reads beside its code: the SQL migrations with their journal and the
// PDF fonts. Types are checked by `npm run typecheck` (as under tsx), not here: a rebuild takes
// seconds. Decision 0065.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const SERVER_OUT = join(ROOT, 'dist/node');
/** Written last: its time is the build's (scripts/build-if-stale.mjs compares the sources with it). */
export const SERVER_STAMP = join(SERVER_OUT, '.built');

/** Folders and files read at run time relative to the module that reads them (import.meta.url). */
export const SERVER_ASSETS = ['server/db/migrations', 'server/services/documents/fonts'];

export function buildServer() {
  const started = Date.now();
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  for (const folder of SERVER_ASSETS) {
    mkdirSync(join(SERVER_OUT, folder), { recursive: true });
    cpSync(join(ROOT, folder), join(SERVER_OUT, folder), {
      recursive: true,
      filter: (src) => !/\.(ts|tsx)$/.test(src),
    });
  }
  writeFileSync(SERVER_STAMP, `${new Date().toISOString()}\n`);
  console.error(`server compiled to dist/node in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === import.meta.filename) buildServer();
