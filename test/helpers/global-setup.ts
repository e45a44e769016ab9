import 'vitest';
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../db/migrate';
import {
  canConnect,
  createDatabase,
  dropDatabase,
  startEmbeddedPostgres,
  type PostgresServer,
} from '../../devstack/postgres';
import { freePort } from '../../devstack/processes';
import { startS3Server } from '../../devstack/s3';
import { startTemporalDevServer } from '../../devstack/temporal';
import { ensureTool } from '../../devstack/tools';
import { ensureDashboardBuilt } from '../../devstack/dashboard-build';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    temporalAddress: string;
    temporalBinary: string;
    s3: { endpoint: string; accessKeyId: string; secretAccessKey: string; region: string; bucket: string };
    scratchDir: string;
  }
}

export const TEST_BUCKET = 'vac-test';

/**
 * Starts the real servers once per test run, on free loopback ports, so several runs can share a machine:
 * a Temporal dev server, a versitygw S3 server and a fresh database (on TEST_DATABASE_URL's server, the
 * local server on 127.0.0.1:5432, or an embedded PostgreSQL when neither answers).
 */
export default async function setup(project: TestProject) {
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'vac-test-'));
  const logDir = path.join(scratchDir, 'logs');
  const [temporalBinary, versitygwBinary] = [await ensureTool('temporal'), await ensureTool('versitygw')];

  const stops: Array<() => Promise<void>> = [];
  let postgres: PostgresServer | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let serverUrl = adminUrl;
  if (!(await canConnect(adminUrl))) {
    postgres = await startEmbeddedPostgres({
      dir: path.join(scratchDir, 'postgres'),
      port: await freePort(),
    });
    serverUrl = postgres.adminUrl;
  }
  const databaseName = `vac_test_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = await createDatabase(serverUrl, databaseName);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  await migrateToLatest(db);
  await db.destroy();

  // The browser tests load the dashboard the API serves from dashboard/dist (a no-op when the build is current).
  await ensureDashboardBuilt(path.resolve(import.meta.dirname, '../..'));

  const [temporal, s3] = await Promise.all([
    startTemporalDevServer({
      binary: temporalBinary,
      port: await freePort(),
      uiPort: null,
      dbFile: null,
      logDir,
    }),
    startS3Server({
      binary: versitygwBinary,
      port: await freePort(),
      rootDir: path.join(scratchDir, 's3'),
      logDir,
      buckets: [TEST_BUCKET],
    }),
  ]);
  stops.push(
    () => temporal.stop(),
    () => s3.stop(),
  );

  project.provide('databaseUrl', databaseUrl);
  project.provide('temporalAddress', temporal.address);
  project.provide('temporalBinary', temporalBinary);
  project.provide('s3', {
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    bucket: TEST_BUCKET,
  });
  project.provide('scratchDir', scratchDir);

  return async () => {
    await Promise.allSettled(stops.map((stop) => stop()));
    await dropDatabase(serverUrl, databaseName).catch(() => {});
    await postgres?.stop();
    rmSync(scratchDir, { recursive: true, force: true });
  };
}
