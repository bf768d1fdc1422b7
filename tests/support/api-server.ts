// The server without its web front end (no build needed): `node --import tsx tests/support/api-server.ts`
// with the usual environment. Tests that need real processes (two instances, kill -9, SIGTERM) start it.
import { start } from '../../server/start.ts';

await start(async () => {});
