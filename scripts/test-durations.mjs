// `npm run test:durations`: after a whole `npm test` (or `npm run test:unit` and `npm run test:postgres`), writes
// tests/durations.json from Vitest's results cache (node_modules/.vite/vitest): the seconds each test file took, which
// tests/support/sequencer.ts uses to start the longest files first on a machine that has no cache (a fresh clone).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, 'node_modules/.vite/vitest');
const OUT = join(ROOT, 'tests/durations.json');

const seconds = existsSync(OUT) ? JSON.parse(readFileSync(OUT, 'utf8')) : {};
let read = 0;
for (const dir of existsSync(CACHE) ? readdirSync(CACHE) : []) {
  const file = join(CACHE, dir, 'results.json');
  if (!existsSync(file)) continue;
  for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
    const path = key.slice(key.indexOf(':') + 1);
    if (!existsSync(join(ROOT, path)) || !result.duration) continue;
    seconds[key] = Math.round(result.duration / 100) / 10;
    read++;
  }
}
for (const key of Object.keys(seconds))
  if (!existsSync(join(ROOT, key.slice(key.indexOf(':') + 1)))) delete seconds[key];
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(OUT, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${read} durations read from Vitest's cache; ${Object.keys(sorted).length} files in tests/durations.json`);
