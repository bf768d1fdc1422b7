// `npm start`'s first step: builds only what is missing or older than its sources, so a restart
// with nothing changed takes no build at all (a walk over the sources' modification times, tens of
// milliseconds). The web build (Vite: dist/client, dist/server, dist/admin, in DIST_DIR) and the
// compiled server (dist/node) are judged apart: a change to the server alone recompiles the server
// alone. Decision 0065.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer, ROOT, SERVER_STAMP } from './build-server.mjs';

const DIST = resolve(ROOT, process.env.DIST_DIR || 'dist');

/** What each build is made from (files or folders, relative to the project). */
export const WEB_SOURCES = [
  'src',
  'contract',
  'public',
  'service-worker',
  'manifest.webmanifest',
  'vite.config.ts',
  'vite.admin.config.ts',
  'scripts/vite-plugin-client-calls.ts',
  'scripts/vite-plugin-compile-hints.ts',
  'scripts/vite-plugin-chunk-map.ts',
  'scripts/compress-assets.mjs',
  'package-lock.json',
];
/** What the compiled server is made from: what tsconfig.build.json compiles (the server, the contract, the commands
 * `npm run staff`, `db:backup`, `db:restore` and `db:seed` run), and how. */
export const SERVER_SOURCES = [
  ...JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')).include,
  'scripts/build-server.mjs',
  'tsconfig.build.json',
  'tsconfig.base.json',
  'package-lock.json',
];
/** The web build's outputs, each written by its own Vite build. */
const WEB_OUTPUTS = ['client/.vite/manifest.json', 'server/entry-server.js', 'admin/.vite/manifest.json'].map((f) =>
  join(DIST, f),
);

/** The newest modification time under these paths (0 when none exists). */
export function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && !entry.startsWith('.')) visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(join(ROOT, p));
  return latest;
}

/** The oldest of these files' modification times, or 0 when one is missing. */
function oldest(files) {
  let earliest = Infinity;
  for (const f of files) {
    try {
      earliest = Math.min(earliest, statSync(f).mtimeMs);
    } catch {
      return 0;
    }
  }
  return earliest;
}

export function staleness() {
  return {
    web: oldest(WEB_OUTPUTS) <= newest(WEB_SOURCES),
    server: oldest([SERVER_STAMP]) <= newest(SERVER_SOURCES),
  };
}

/**
 * Builds what is stale; with `server`, only the compiled server (the staff CLI and the test
 * servers need no web build). Messages go to stderr: a CLI's own output stays clean.
 */
export function buildIfStale({ serverOnly = false } = {}) {
  const { web, server } = staleness();
  if (web && !serverOnly) {
    console.error('The web build is missing or older than its sources: building it (npm run build).');
    // npm run build compiles the server too.
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
  } else if (server) {
    console.error('The compiled server is missing or older than its sources: compiling it (npm run build:server).');
    buildServer();
  }
}

if (process.argv[1] === import.meta.filename) buildIfStale({ serverOnly: process.argv.includes('--server') });
