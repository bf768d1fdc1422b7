// The server without its web front end (no build needed): `node --import tsx tests/support/api-server.ts`
// with the usual environment. Tests that need real processes (two instances, kill -9, SIGTERM) start it.
import { serve } from '../../server/processes.ts';

await serve(async () => {});
