import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import type { AppContext } from '../../api/context';
import { createTemporalGateway } from '../../client/temporal';
import { loadConfig, type Config } from '../../config';
import { createLogger, type Logger } from '../../config/logger';
import { createDb, processDbOptions } from '../../db/client';
import { freePort } from '../../devstack/processes';
import { startTemporalDevServer, type TemporalDevServer } from '../../devstack/temporal';
import { createStorage } from '../../storage';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The environment a test app runs with: the servers global-setup started, S3 storage unless told otherwise. */
export function testEnv(
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  const s3 = inject('s3');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `${inject('scratchDir')}/data-${process.pid}`,
    APP_SECRET: 'test-secret-0123456789-0123456789-abcdef',
    DATABASE_URL: inject('databaseUrl'),
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    PUBLIC_BASE_URL: 'http://127.0.0.1:8000',
    // Every fake vendor runs on loopback; production refuses such destinations unless listed here.
    ALLOWED_PRIVATE_DESTINATIONS: '127.0.0.1/32,::1',
    // Every test app's ingestion loop may claim any test's document: one timeout for all of them, short enough for a
    // test of an embeddings endpoint that never answers.
    KB_EMBEDDINGS_TIMEOUT_MS: '1000',
    // Where global-setup built the dashboard (a run may build into a folder of its own).
    ...(process.env.DASHBOARD_DIST_DIR ? { DASHBOARD_DIST_DIR: process.env.DASHBOARD_DIST_DIR } : {}),
    ...overrides,
  };
}

/** Builds the real app (real Postgres, Temporal and S3) for `app.inject` tests. */
export async function createTestApp(
  overrides: Record<string, string | undefined> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const config: Readonly<Config> = loadConfig(testEnv(overrides));
  const logger = options.logger ?? createLogger({ level: config.logLevel, pretty: false });
  const db = createDb(config.databaseUrl!, { ...processDbOptions(config, logger), max: 5 });
  const storage = createStorage(config);
  const temporal = createTemporalGateway(config);
  const ctx: AppContext = { config, logger, db, storage, temporal };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await temporal.close();
      await db.destroy();
    },
  };
}

/**
 * A Temporal dev server of the test's own (in memory, no UI), for tests that stop it or change its settings; the
 * suite's shared one is `inject('temporalAddress')`.
 */
export async function startOwnTemporal(
  dynamicConfig?: Parameters<typeof startTemporalDevServer>[0]['dynamicConfig'],
): Promise<TemporalDevServer> {
  return startTemporalDevServer({
    binary: inject('temporalBinary'),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
    logDir: path.join(inject('scratchDir'), 'logs'),
    ...(dynamicConfig ? { dynamicConfig } : {}),
  });
}
