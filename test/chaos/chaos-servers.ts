import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { createDatabase, startEmbeddedPostgres, type PostgresServer } from '../../devstack/postgres';
import { freePort } from '../../devstack/processes';
import { startTemporalDevServer, type TemporalDevServer } from '../../devstack/temporal';

/**
 * A PostgreSQL and a file-backed Temporal dev server of one chaos test file alone, on free ports, each of which the
 * test may stop and start again (same port, same data) without disturbing any other test file.
 */
export interface ChaosServers {
  databaseUrl: string;
  temporalAddress: string;
  /**
   * Stops PostgreSQL (a fast shutdown: every connection is cut), runs `whileDown` and waits `downMs`, and starts it
   * again on its data.
   */
  restartPostgres(downMs: number, whileDown?: () => Promise<void>): Promise<void>;
  /** Stops the Temporal server (SIGTERM), runs `whileDown` and waits `downMs`, starts it again on its database file. */
  restartTemporal(downMs: number, whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startChaosServers(name: string): Promise<ChaosServers> {
  const dir = path.join(inject('scratchDir'), `chaos-${name}-${process.pid}`);
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const postgresPort = await freePort();
  const startPostgres = () => startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: postgresPort });
  let postgres: PostgresServer = await startPostgres();
  const databaseUrl = await createDatabase(postgres.adminUrl, 'chaos');
  const migrator = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  await migrateToLatest(migrator);
  await migrator.destroy();

  const temporalPort = await freePort();
  const startTemporal = () =>
    startTemporalDevServer({
      binary: inject('temporalBinary'),
      port: temporalPort,
      uiPort: null,
      dbFile: path.join(dir, 'temporal.db'),
      logDir,
    });
  let temporal: TemporalDevServer = await startTemporal();

  return {
    databaseUrl,
    temporalAddress: temporal.address,
    async restartPostgres(downMs, whileDown) {
      await postgres.stop();
      await Promise.all([sleep(downMs), whileDown?.()]);
      postgres = await startPostgres();
    },
    async restartTemporal(downMs, whileDown) {
      await temporal.stop();
      await Promise.all([sleep(downMs), whileDown?.()]);
      temporal = await startTemporal();
    },
    async stop() {
      await Promise.allSettled([temporal.stop(), postgres.stop()]);
      // As root the data folder may have moved under /var/tmp (devstack/postgres.ts): remove it, not only `dir`.
      const dataDir = postgres.dataDir;
      rmSync(dataDir !== path.join(dir, 'postgres') ? path.dirname(dataDir) : dataDir, {
        recursive: true,
        force: true,
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
