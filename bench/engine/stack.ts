import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../api/app';
import type { AppContext } from '../../api/context';
import { createTemporalGateway } from '../../client/temporal';
import { loadConfig } from '../../config';
import { createLogger } from '../../config/logger';
import { createDb, type Db } from '../../db/client';
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
import { createStorage } from '../../storage';
import { WORKFLOWS_PATH } from '../../worker/workflows-path';
import { insertAgent } from '../../test/helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../../test/helpers/organizations';

/**
 * The real stack of the engine benchmarks, on free loopback ports like the test setup: a Temporal dev server
 * (its state in a SQLite file, as `./scripts/start.sh` runs it, or in memory on request), versitygw, a fresh
 * database (local server or embedded PostgreSQL), the API in this process (with the simulator's runner) and worker
 * processes as children (`node --import tsx worker/main.ts`).
 */
export interface BenchStack {
  ctx: AppContext;
  app: FastifyInstance;
  org: TestOrganization;
  agentId: number;
  env: Record<string, string>;
  temporalAddress: string;
  /** The Temporal dev server's SQLite file (`--db-filename`), or null when it keeps its state in memory. */
  temporalDbFile: string | null;
  scratchDir: string;
  /**
   * Starts one more engine worker process, from source (`worker/main.ts` through tsx) or compiled at `entry`
   * (`…/worker/main.js` of scripts/build-service.ts); resolves once it polls.
   */
  startWorker(extraEnv?: Record<string, string>, entry?: string): Promise<ChildProcess>;
  /** Starts a child process running `script` (a worker of the yardstick); resolves once it prints "worker polling". */
  startChild(script: string, env: Record<string, string>): Promise<ChildProcess>;
  stop(): Promise<void>;
}

export const log = (line: string) =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * A production server vacuums on its own; a server with autovacuum off (this machine's CI server) would let the dead
 * rows of a long run pile up and slow it down as it goes. Then the bench vacuums its database every minute (autovacuum's
 * default naptime) in its place. Returns the stop function.
 */
async function vacuumInPlaceOfAutovacuum(db: Db): Promise<() => Promise<void>> {
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db);
  if (rows[0]?.autovacuum !== 'off') return async () => {};
  log('the server runs with autovacuum off: the bench vacuums its database every 60 s in its place');
  let vacuuming: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    vacuuming ??= sql`vacuum (analyze)`
      .execute(db)
      .catch((error: unknown) => log(`vacuum failed: ${String(error)}`))
      .finally(() => (vacuuming = null));
  }, 60_000);
  return async () => {
    clearInterval(timer);
    await vacuuming;
  };
}

export interface BenchStackOptions {
  keep?: boolean;
  /** Temporal state in memory instead of the file `./scripts/start.sh` gives it (for comparison only). */
  temporalInMemory?: boolean;
  /** Settings added to the stack's environment (the API's config and every child's). */
  env?: Record<string, string>;
}

export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'vac-bench-engine-'));
  const logDir = path.join(scratchDir, 'logs');
  const [temporalBinary, versitygwBinary] = [
    await ensureTool('temporal', log),
    await ensureTool('versitygw', log),
  ];
  const stops: Array<() => Promise<void>> = [];
  const children = new Set<ChildProcess>();

  let postgres: PostgresServer | null = null;
  let serverUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await canConnect(serverUrl))) {
    postgres = await startEmbeddedPostgres({
      dir: path.join(scratchDir, 'postgres'),
      port: await freePort(),
    });
    serverUrl = postgres.adminUrl;
  }
  const databaseName = `vac_bench_engine_${process.pid}`;
  const databaseUrl = await createDatabase(serverUrl, databaseName);
  log(`database ${databaseName} on ${new URL(serverUrl).host}${postgres ? ' (embedded)' : ''}`);

  // Like `./scripts/start.sh` (scripts/dev/infrastructure.ts): `--db-filename`, a SQLite file on disk; headless.
  const temporalDbFile = options.temporalInMemory ? null : path.join(scratchDir, 'temporal.sqlite');
  const [temporal, s3] = await Promise.all([
    startTemporalDevServer({
      binary: temporalBinary,
      port: await freePort(),
      uiPort: null,
      dbFile: temporalDbFile,
      logDir,
    }),
    startS3Server({
      binary: versitygwBinary,
      port: await freePort(),
      rootDir: path.join(scratchDir, 's3'),
      logDir,
      buckets: ['vac-bench'],
    }),
  ]);
  stops.push(
    () => temporal.stop(),
    () => s3.stop(),
  );
  log(`temporal ${temporal.address} (state ${temporalDbFile ?? 'in memory'}), s3 ${s3.endpoint}`);

  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATA_DIR: path.join(scratchDir, 'data'),
    APP_SECRET: 'bench-secret-0123456789-0123456789-abcdef',
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_TASK_QUEUE: 'bench-engine',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'vac-bench',
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  const config = loadConfig(env);
  const logger = createLogger({ level: config.logLevel, pretty: false });
  const db = createDb(databaseUrl, { max: 20 });
  await migrateToLatest(db);
  stops.push(await vacuumInPlaceOfAutovacuum(db));
  const ctx: AppContext = {
    config,
    logger,
    db,
    storage: createStorage(config),
    temporal: createTemporalGateway(config),
  };
  const app = await buildApp(ctx);
  await app.listen({ port, host: '127.0.0.1' });
  const org = await createTestOrganization(db);
  const { agentId } = await insertAgent(db, org.organizationId);
  log(`api ${env.PUBLIC_BASE_URL}`);

  const bundlePath = path.join(scratchDir, 'workflow-bundle.js');
  const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never;
  writeFileSync(
    bundlePath,
    (await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet })).code,
  );

  // A compiled entry point (`.js`, from scripts/build-service.ts) runs on plain node, as the image runs it.
  const startChild = (script: string, childEnv: Record<string, string>) => {
    const child = spawn(process.execPath, script.endsWith('.js') ? [script] : ['--import', 'tsx', script], {
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return new Promise<ChildProcess>((resolve, reject) => {
      let output = '';
      let ready = false;
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
        if (!ready && output.includes('worker polling')) {
          ready = true;
          resolve(child);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        if (!ready) reject(new Error(`${script} exited (${code}) before polling:\n${output.slice(-2000)}`));
        else if (code !== 0 && code !== null) log(`${script} exited ${code}:\n${output.slice(-2000)}`);
      });
    });
  };

  return {
    ctx,
    app,
    org,
    agentId,
    env,
    temporalAddress: temporal.address,
    temporalDbFile,
    scratchDir,
    startWorker: (extraEnv: Record<string, string> = {}, entry = 'worker/main.ts') =>
      startChild(entry, {
        ...env,
        // The worker logs "worker polling" at info; the engine's own logs stay at the bench level.
        LOG_LEVEL: 'info',
        WORKFLOW_BUNDLE_PATH: bundlePath,
        ...extraEnv,
      }),
    startChild,
    async stop() {
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
      await app.close().catch(() => {});
      await ctx.temporal.close().catch(() => {});
      await db.destroy().catch(() => {});
      await Promise.allSettled(stops.map((stop) => stop()));
      if (!options.keep) await dropDatabase(serverUrl, databaseName).catch(() => {});
      await postgres?.stop();
      if (!options.keep) rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}
