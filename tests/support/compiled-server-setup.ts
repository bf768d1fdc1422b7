// Global setup of the server tests (vitest.config.ts, vitest.postgres.config.ts): the tests that start real processes
// (the server, `npm run staff`, `db:backup`, `db:restore`) start them compiled, as production runs them (dist/node),
// not through tsx, which costs about 1.3 CPU-s more at every start (46 starts a run). So the compiled server is
// brought up to date first: a test never runs code older than its sources.
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

export default function setup() {
  buildIfStale({ serverOnly: true });
}
