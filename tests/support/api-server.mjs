// The server without its web front end, as compiled for production (dist/node: the tests' global setup compiles it
// when it is older than its sources, tests/support/compiled-server-setup.ts): `node tests/support/api-server.mjs` with
// the usual environment. Tests that need real processes (two instances, kill -9, SIGTERM) start it.
import { serve } from '../../dist/node/server/processes.js';

await serve(async () => {});
