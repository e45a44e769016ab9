/**
 * Media process entry (`npm run media`): takes vendors' call media streams and runs each call's voice pipeline.
 * SIGTERM or SIGINT: no new streams; live calls finish (each up to its maximum duration, or MEDIA_SHUTDOWN_GRACE_SECONDS),
 * then the process exits.
 */
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../config/logger';
import { createDb, processDbOptions } from '../db/client';
import { createStorage } from '../storage';
import { closeSharedLocalSynthesisPool } from '../voice/tts/local-synthesis-pool';
import { closeSileroHelper } from '../voice/vad/detector';
import { startMediaServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'media' });
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is required for the media process (./scripts/start.sh sets it for you)',
    ]);
  }
  const db = createDb(config.databaseUrl, processDbOptions(config, logger));
  const server = await startMediaServer({ config, db, storage: createStorage(config), logger });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      // A second signal: the operator will not wait for the live calls.
      logger.warn({ signal }, 'media stopping now');
      process.exit(1);
    }
    stopping = true;
    const graceSeconds = config.media.shutdownGraceSeconds;
    logger.info(
      { signal, active_calls: server.activeCalls(), grace_seconds: graceSeconds },
      'media stopping: no new streams; live calls finish',
    );
    void (async () => {
      const closing = graceSeconds === null ? server.close() : server.close({ graceMs: graceSeconds * 1000 });
      await closing.catch((error: unknown) => logger.error({ err: error }, 'closing media failed'));
      // The local speech helpers (voice/tts/local-synthesis-pool.ts) and the Silero helper, once no call is left.
      await closeSharedLocalSynthesisPool().catch(() => {});
      await closeSileroHelper().catch(() => {});
      await db.destroy().catch(() => {});
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('media failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
