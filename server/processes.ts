import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, portProblem } from './config.ts';
import { start } from './start.ts';

/** The configuration, or the process stops with the configuration's message. */
function configuration() {
  try {
    return loadConfig().config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * One server process, or WEB_CONCURRENCY of them sharing the port (node:cluster; they share
 * everything else through Postgres). The first process then only watches: it starts the others,
 * starts one again if it dies, and passes SIGTERM/SIGINT on to them.
 */
export async function serve(web: (app: FastifyInstance) => Promise<void>) {
  const config = cluster.isPrimary ? configuration() : undefined;
  const count = config?.WEB_CONCURRENCY ?? 1;
  if (!config || count === 1) {
    await start(web);
    return;
  }
  // The port is tried here, once: the processes skip their own trial listen (server/start.ts).
  const portTaken = await portProblem(config);
  if (portTaken) {
    console.error(portTaken);
    process.exit(1);
  }
  let stopping: NodeJS.Signals | null = null;
  let failed = false;
  const startedAt = new Map<number, number>();
  let quickDeaths = 0;
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      // A process still starting has no handler yet: the signal itself ends it, which is fine.
      failed ||= code !== 0 && signal !== stopping;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    // A process that dies at once (bad configuration, no database) would only die again.
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths >= count) {
      console.error(`Server processes keep stopping (the last with ${signal ?? `code ${code}`}): giving up.`);
      process.exit(1);
    }
    console.error(`A server process stopped (${signal ?? `code ${code}`}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
