import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { cancelUnpaidBookings } from './services/bookings/expiry.ts';
import { purgeIdempotencyKeys } from './services/idempotency.ts';

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

  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await seed(database.db);
  const app = await buildApp({ db: database.db, config, web });
  // Stored answers to retried writes are kept a week: phones retry within minutes or days.
  const purge = () => purgeIdempotencyKeys(database.db, new Date(Date.now() - 7 * 86_400_000)).catch((err) => app.log.warn({ err }, 'purge failed'));
  await purge();
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  // Gateway bookings whose payment never came give their rooms back.
  const expire = () =>
    cancelUnpaidBookings(database.db, config.PAYMENT_WINDOW_MINUTES).then(
      (n) => n && app.log.info(`${n} unpaid booking(s) cancelled after ${config.PAYMENT_WINDOW_MINUTES} minutes`),
      (err) => app.log.warn({ err }, 'cancelling unpaid bookings failed'),
    );
  const expireTimer = setInterval(expire, 60_000);
  expireTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    clearInterval(expireTimer);
    await database.close();
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

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  console.log(`Wanderlust Holidays is open on http://localhost:${config.PORT} (UAE) and http://localhost:${config.PORT}/in (India) — database: ${where}, ready in ${Date.now() - started} ms`);
  return app;
}
