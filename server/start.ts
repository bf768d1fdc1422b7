import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, portProblem, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataFolderInUse } from './db/data-lock.ts';
import { startProblem } from './lib/faults.ts';
import { prepareData } from './prepare-data.ts';
import { cancelUnpaidBookings } from './services/bookings/expiry.ts';
import { runPayLater } from './services/bookings/pay-later.ts';
import { sendingQueued } from './services/outbox.ts';
import { settleRazorpayOrders, settleStripeSessions } from './services/payments/settle.ts';
import { purgeExpired } from './services/purge.ts';
import { purgePersonalData } from './services/personal-data-retention.ts';
import { newCliSecret, writeCliLink } from './services/staff/cli-link.ts';

/** Config, database, migrations, seed, listen, graceful shutdown: shared by start and dev. */
export async function start(web: (app: FastifyInstance) => Promise<void>, overrides: Record<string, string> = {}) {
  let loaded;
  try {
    loaded = loadConfig({ ...process.env, ...overrides });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { config, warnings } = loaded;
  for (const w of warnings) console.warn(`warning: ${w}`);
  // A port already taken stops the start here, before the data folder is created or migrated.
  // Not in a cluster process: its trial listen would join the port's round robin, and a request the
  // first process handed to it would wait on a socket no one answers. The first process asked.
  const portTaken = cluster.isWorker ? null : await portProblem(config);
  if (portTaken) {
    console.error(portTaken);
    process.exit(1);
  }

  const started = Date.now();
  const where = config.DATABASE_URL ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  const database = await prepareDatabase(config, where);
  // On PGlite this process holds the data folder: `npm run staff` asks it over loopback (cli-link.ts).
  const embedded = !config.DATABASE_URL && config.DATA_DIR !== 'memory://';
  const staffCliSecret = embedded ? newCliSecret() : undefined;
  // The app closes the database itself, after the mail outbox has stopped (server/app.ts).
  const app = await buildApp({
    db: database.db,
    config,
    web,
    staffCliSecret,
    backupDatabase: database.backup,
    closeDatabase: () => database.close(),
  });
  // Expired sessions, codes, counters, holds, abandoned guest carts and old stored answers go hourly.
  const purge = () =>
    purgeExpired(database.db, new Date(), (what, err) => app.log.warn({ err }, `purge of ${what} failed`))
      .then(() => purgePersonalData(database.db, app.files))
      .catch((err) => app.log.warn({ err }, 'purge failed'));
  await purge();
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  // Gateway bookings whose payment never came give their rooms back; first, Razorpay or Stripe is
  // asked about each (a traveller may have paid and lost the page before our verify call).
  // Their mail is queued with the payment, and sent at once (docs/decisions/0051).
  const expire = async () => {
    try {
      await sendingQueued(database.db, async () => {
        for (const b of await settleRazorpayOrders(database.db, config, config.PAYMENT_WINDOW_MINUTES))
          app.log.info(`booking ${b.refIdKey} found paid at Razorpay before its payment window closed`);
        for (const b of await settleStripeSessions(database.db, config, config.PAYMENT_WINDOW_MINUTES))
          app.log.info(`booking ${b.refIdKey} found paid at Stripe before its payment window closed`);
        const n = await cancelUnpaidBookings(database.db, config.PAYMENT_WINDOW_MINUTES);
        if (n) app.log.info(`${n} unpaid booking(s) cancelled after ${config.PAYMENT_WINDOW_MINUTES} minutes`);
      });
    } catch (err) {
      app.log.warn({ err }, 'cancelling unpaid bookings failed');
    }
  };
  const expireTimer = setInterval(expire, 60_000);
  expireTimer.unref();
  // Pay later: reminders 3 days and 1 day before the due date, and cancellation after it and its grace.
  const payLater = () =>
    sendingQueued(database.db, () => runPayLater(database.db, config, app.log)).catch((err) =>
      app.log.warn({ err }, 'pay-later reminders and cancellations failed'),
    );
  void payLater();
  const payLaterTimer = setInterval(payLater, 15 * 60_000);
  payLaterTimer.unref();
  let removeCliLink = () => {};
  // Runs before the app's own close (registered after it), which closes the database.
  app.addHook('onClose', async () => {
    removeCliLink();
    clearInterval(purgeTimer);
    clearInterval(expireTimer);
    clearInterval(payLaterTimer);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.PORT} on ${config.HOST} is in use by another program: stop it, or set PORT to a free port.`
        : `Could not listen on ${config.HOST}:${config.PORT}: ${describeError(err)}`,
    );
    await app.close().catch(() => {});
    process.exit(1);
  }
  if (staffCliSecret) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    removeCliLink = writeCliLink(config.DATA_DIR, { pid: process.pid, port, secret: staffCliSecret });
  }
  console.log(
    `Wanderlust Holidays is open on http://localhost:${config.PORT} (UAE) and http://localhost:${config.PORT}/in (India) — database: ${where}, ready in ${Date.now() - started} ms`,
  );
  return app;
}

/** Opens, migrates and seeds the database, or stops the process with a message a person can act on. */
async function prepareDatabase(config: Config, where: string): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.migrate();
    // The seed, then what this build needs of data an older build wrote (decisions 0089, 0093).
    await prepareData(database.db, (line) => console.log(line));
    return database;
  } catch (err) {
    // A full disk says so and names the folder (issue 33: PGlite's file system error printed as "[object Object]").
    console.error(
      err instanceof DataFolderInUse
        ? err.message
        : startProblem(err, { label: where, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL }),
    );
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

/** An error and its causes in one line (a driver's error wraps the database's own). */
function describeError(err: unknown): string {
  const parts: string[] = [];
  for (
    let e = err as { message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.message && !parts.includes(e.message)) parts.push(e.message);
  }
  return parts.join(': ') || String(err);
}
