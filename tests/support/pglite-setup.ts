// Global setup of the unit and API run (vitest.config.ts): the in-memory PGlite databases of the
// tests start from a template made once per run, migrated and migrated-and-seeded, as the Postgres
// run copies its template databases. Creating an empty PGlite cluster costs about 4 s here; loading
// a dump of one about 1.8 s, and the migrations and the seed then need not run again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/db/seed.ts';
import { PGLITE_TEMPLATE_FILES, type PgliteTemplates } from './test-database.ts';

/**
 * Both projects of the run (vitest.config.ts) name this setup, and Vitest runs it for each, each with its own copy of
 * this module but in one process: the first makes the templates, kept on globalThis for the second.
 */
const SHARED = Symbol.for('shop.pgliteTemplates');
type Shared = { made: Promise<{ templates: PgliteTemplates; dir: string }>; users: number };

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: Shared };
  const shared = (holder[SHARED] ??= { made: makeTemplates(), users: 0 });
  shared.users++;
  project.provide('pgliteTemplates', (await shared.made).templates);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    rmSync((await shared.made).dir, { recursive: true, force: true });
  };
}

async function makeTemplates() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-template-'));
  const templates: PgliteTemplates = {
    empty: join(dir, PGLITE_TEMPLATE_FILES.empty),
    seeded: join(dir, PGLITE_TEMPLATE_FILES.seeded),
  };
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const dump = async (file: string) =>
      writeFileSync(file, new Uint8Array(await (await database.dump!()).arrayBuffer()));
    await dump(templates.empty);
    await seed(database.db);
    await dump(templates.seeded);
  } finally {
    await database.close();
  }
  return { templates, dir };
}
