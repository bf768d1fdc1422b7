/**
 * `npm run staff -- add <email> <role>`: adds a staff member (the first owner, say) and prints a
 * one-time set-up link, valid 24 hours. Works on a fresh data folder (it migrates first), on
 * Postgres (DATABASE_URL), and while the shop runs on PGlite: that server holds the data folder,
 * so the link is asked of it over loopback with the secret it keeps in DATA_DIR (docs/decisions/0050).
 */
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { DataFolderInUse } from '../server/db/data-lock.ts';
import { CLI_SECRET_HEADER } from '../server/routes/admin.ts';
import { readCliLink } from '../server/services/staff/cli-link.ts';
import { DomainError } from '../server/lib/errors.ts';
import { inviteStaff } from '../server/services/staff/staff.ts';
import { STAFF_ROLES } from '../contract/staff.ts';

const USAGE = `Usage: npm run staff -- add <email> <${STAFF_ROLES.join('|')}>`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, email, role] = process.argv.slice(2);
  if (command !== 'add' || !email || !role) fail(USAGE);
  let config;
  try {
    ({ config } = loadConfig({ LOG_LEVEL: 'silent', ...process.env }));
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (!(err instanceof DataFolderInUse)) throw err;
    // The shop is running on this data folder: it makes the link.
    const link = readCliLink(config.DATA_DIR);
    if (!link)
      fail(
        `${err.message}\nThe running server left no ${CLI_SECRET_HEADER} link in ${config.DATA_DIR}: restart it with this version, or stop it and run this again.`,
      );
    const res = await fetch(`http://127.0.0.1:${link.port}/api/admin/cli/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_SECRET_HEADER]: link.secret },
      body: JSON.stringify({ email, role }),
    }).catch((e: unknown) =>
      fail(`The running server (process ${link.pid}, port ${link.port}) did not answer: ${(e as Error).message}`),
    );
    const body = (await res.json()) as { message: string; data: { setupUrl: string } | null };
    if (!res.ok || !body.data) fail(body.message);
    return body.data.setupUrl;
  }
  try {
    await database.migrate();
    const invite = await inviteStaff(
      database.db,
      config,
      { staffId: null, role: null, clientAddress: 'npm run staff' },
      email,
      role,
    );
    return invite.url;
  } catch (err) {
    if (err instanceof DomainError) fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

const url = await main();
console.log(`Set-up link for ${process.argv[3]} (valid 24 hours, works once):\n${url}`);
