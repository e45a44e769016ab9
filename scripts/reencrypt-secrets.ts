import { ConfigError, loadConfig } from '../config';
import { reencryptStoredSecrets } from '../config/reencrypt-secrets';
import { createDb } from '../db/client';

/**
 * `npm run secrets:reencrypt`: rewrites every stored credentials ciphertext under the current APP_SECRET (reading
 * with it or APP_SECRET_PREVIOUS), in batches; run it after a rotation's deploy, then APP_SECRET_PREVIOUS can go.
 * Idempotent: a second run rewrites nothing.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError(['DATABASE_URL is required to re-encrypt secrets']);
  const db = createDb(config.databaseUrl, { max: 1 });
  try {
    const counts = await reencryptStoredSecrets(db, config, {
      onBatch: (table, batch) =>
        console.log(`${table}: ${batch.reencrypted} re-encrypted in a batch of ${batch.read}`),
    });
    for (const [table, count] of Object.entries(counts))
      console.log(
        `${table}: ${count.read} read, ${count.reencrypted} re-encrypted, ${count.current} already current`,
      );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
