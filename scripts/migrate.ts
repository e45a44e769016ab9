import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../config/logger';
import { createDb } from '../db/client';
import { migrateDown, migrateToLatest } from '../db/migrate';

/** `npm run migrate` applies every pending migration; `npm run migrate -- down` reverts the latest one. */
async function main(): Promise<void> {
  const direction = process.argv[2] ?? 'latest';
  if (direction !== 'latest' && direction !== 'down') {
    throw new Error(`unknown direction "${direction}": use "npm run migrate" or "npm run migrate -- down"`);
  }
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError(['DATABASE_URL is required to migrate']);
  const logger = createLogger({ level: config.logLevel, name: 'migrate' });
  const db = createDb(config.databaseUrl, { max: 1 });
  try {
    if (direction === 'down') {
      const reverted = await migrateDown(db);
      logger.info(reverted ? `reverted ${reverted}` : 'no migration to revert');
    } else {
      const applied = await migrateToLatest(db, logger);
      if (applied.length === 0) logger.info('database is up to date');
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
