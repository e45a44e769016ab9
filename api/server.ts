import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../config/logger';
import { createTemporalGateway } from '../client/temporal';
import { createDb, processDbOptions } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { createStorage } from '../storage';
import { buildApp } from './app';
import { markShuttingDown } from './shutdown-state';
import { startTracing } from '../observability/tracing';

/**
 * How long a stopping API waits for requests in flight and its connections to close before it exits 1, counted
 * after the shutdown delay (API_SHUTDOWN_DELAY_SECONDS).
 */
const API_FORCE_EXIT_MS = 15_000;

/** API process entry: migrates the database, then serves HTTP until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  if (!config.databaseUrl) {
    throw new ConfigError(['DATABASE_URL is required for the API (./scripts/start.sh sets it for you)']);
  }
  // Migrations run on a connection of their own, without the statement limit of request queries.
  const migrationDb = createDb(config.databaseUrl, { max: 1, logger });
  try {
    await migrateToLatest(migrationDb, logger);
  } finally {
    await migrationDb.destroy().catch(() => {});
  }
  const db = createDb(config.databaseUrl, processDbOptions(config, logger));
  const tracing = startTracing(config, 'api');
  const temporal = createTemporalGateway(config);
  const app = await buildApp({ config, logger, db, storage: createStorage(config), temporal });
  app.addHook('onClose', async () => tracing?.shutdown());

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    markShuttingDown();
    const delayMs = config.http.shutdownDelaySeconds * 1000;
    logger.info(
      { signal, delay_ms: delayMs },
      'api stopping: /readyz answers 503 now; after the delay new connections are refused, requests in flight ' +
        'finish, then loops, Temporal and the database close',
    );
    // A second signal, or a hung close, must not keep the process alive forever. Below the container's stop grace
    // period (docker-compose.yml: 30 s, with a 5 s delay), so the process exits on its own terms, with this logged.
    const force = setTimeout(() => {
      logger.error({ after_ms: delayMs + API_FORCE_EXIT_MS }, 'api did not stop in time; exiting');
      process.exit(1);
    }, delayMs + API_FORCE_EXIT_MS);
    force.unref();
    void (async () => {
      // Still serving while load balancers see /readyz fail and take this instance out of rotation.
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await app.close().catch((error: unknown) => logger.error({ err: error }, 'closing http failed'));
      await temporal.close().catch(() => {});
      await db.destroy().catch(() => {});
      logger.info('api stopped');
      process.exit(0);
    })();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.http.host, port: config.http.port });
  logger.info(
    { url: `http://${config.http.host}:${config.http.port}`, storage: config.storage.kind },
    'api listening',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('api failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
