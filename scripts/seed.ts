/**
 * `npm run db:seed`: adds the demo catalogue's missing rows (packages, prices, coupons, deals, blog,
 * content) to the database of DATABASE_URL or DATA_DIR. A start seeds it only into a database
 * without packages (docs/decisions/0061); this puts back demo rows on purpose, never over a row
 * staff made (a package whose id or slug is taken is left out). Stop the server first when the
 * database is a PGlite folder.
 */
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DataFolderInUse } from '../server/db/data-lock.ts';
import { backfillCatalogue } from '../server/db/backfill-catalogue.ts';
import { seed } from '../server/db/seed.ts';

async function main() {
  let config;
  try {
    ({ config } = loadConfig({ LOG_LEVEL: 'silent', ...process.env }));
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : String(err));
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    console.error(
      err instanceof DataFolderInUse ? `${err.message}\nStop the server, then run npm run db:seed again.` : String(err),
    );
    process.exit(1);
  }
  try {
    await database.migrate();
    const before = await count(database);
    await seed(database.db, { demo: 'fill' });
    // What later builds added to the demo packages and coupons (a start does it too: decision 0093).
    await backfillCatalogue(database.db);
    const after = await count(database);
    console.log(
      `Demo catalogue filled in: ${after - before} package${after - before === 1 ? '' : 's'} added (${after} in all).`,
    );
  } finally {
    await database.close();
  }
}

async function count(database: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from packages`);
  return Number(rows[0]?.n ?? 0);
}

await main();
