import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres } from '../../devstack/postgres';
import { portInUse } from '../../devstack/processes';
import { startTemporalDevServer } from '../../devstack/temporal';
import { ensureTool } from '../../devstack/tools';
import type { DevSettings } from './settings';

/** The servers the API and worker depend on, and the environment that points them there. */
export interface Infrastructure {
  env: { DATABASE_URL: string; TEMPORAL_ADDRESS: string; TEMPORAL_UI_URL?: string };
  temporalUiUrl: string | null;
  /** Stops what this command started (Temporal, then PostgreSQL); external servers are left alone. */
  stop(): Promise<void>;
}

/**
 * Starts the Temporal dev server (SQLite in the data folder, Web UI on) unless TEMPORAL_ADDRESS names one,
 * and embedded PostgreSQL unless DATABASE_URL is set. Whatever started is stopped again if a later step fails.
 */
export async function startInfrastructure(
  settings: DevSettings,
  log: (line: string) => void,
): Promise<Infrastructure> {
  // A missing tool (and no Go to build it) fails before anything starts.
  const temporalBinary = settings.externalTemporal ? null : await ensureTool('temporal', log);
  if (settings.externalTemporal)
    log(`using the Temporal server at ${settings.externalTemporal} (TEMPORAL_ADDRESS)`);
  const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
  const stopAll = async () => {
    for (const { name, stop } of stops.reverse()) {
      log(`stopping ${name}`);
      await stop().catch((error: unknown) => log(`stopping ${name} failed: ${String(error)}`));
    }
  };
  try {
    // Settle both before judging: a server still starting when the other fails must be stopped too.
    const [temporalResult, databaseResult] = await Promise.allSettled([
      temporalBinary === null
        ? { address: settings.externalTemporal ?? '', uiUrl: null }
        : startTemporal(settings, temporalBinary, log, stops),
      startDatabase(settings, log, stops),
    ]);
    if (temporalResult.status === 'rejected') throw temporalResult.reason;
    if (databaseResult.status === 'rejected') throw databaseResult.reason;
    const [temporal, databaseUrl] = [temporalResult.value, databaseResult.value];
    const uiUrl = temporal.uiUrl ?? process.env.TEMPORAL_UI_URL?.trim() ?? null;
    return {
      env: {
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: temporal.address,
        ...(uiUrl ? { TEMPORAL_UI_URL: uiUrl } : {}),
      },
      temporalUiUrl: uiUrl,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startTemporal(
  settings: DevSettings,
  binary: string,
  log: (line: string) => void,
  stops: Array<{ name: string; stop: () => Promise<void> }>,
): Promise<{ address: string; uiUrl: string | null }> {
  for (const [name, port] of [
    ['TEMPORAL_PORT', settings.temporalPort],
    ['TEMPORAL_UI_PORT', settings.temporalUiPort],
  ] as const) {
    if (await portInUse(port))
      throw new Error(
        `port ${port} is already in use: is another copy running? Stop it, set ${name} to another port, ` +
          `or set TEMPORAL_ADDRESS to use an existing Temporal server`,
      );
  }
  const dbFile = path.join(settings.dataDir, 'temporal.sqlite');
  log(`starting the Temporal dev server on 127.0.0.1:${settings.temporalPort} (state in ${dbFile})`);
  const server = await startTemporalDevServer({
    binary,
    port: settings.temporalPort,
    uiPort: settings.temporalUiPort,
    dbFile,
    logDir: settings.logDir,
    detached: true,
  });
  stops.push({ name: 'Temporal', stop: () => server.stop() });
  return { address: server.address, uiUrl: server.uiUrl };
}

async function startDatabase(
  settings: DevSettings,
  log: (line: string) => void,
  stops: Array<{ name: string; stop: () => Promise<void> }>,
): Promise<string> {
  if (settings.externalDatabase) {
    log('using the PostgreSQL database of DATABASE_URL');
    return settings.externalDatabase;
  }
  if (await portInUse(settings.postgresPort))
    throw new Error(
      `port ${settings.postgresPort} is already in use: is another copy running? Stop it, set ` +
        `EMBEDDED_POSTGRES_PORT to another port, or set DATABASE_URL to use an existing database`,
    );
  const dir = path.join(settings.dataDir, 'postgres');
  log(`starting embedded PostgreSQL on 127.0.0.1:${settings.postgresPort} (data in ${dir})`);
  const server = await startEmbeddedPostgres({ dir, port: settings.postgresPort, log });
  stops.push({ name: 'PostgreSQL', stop: () => server.stop() });
  return ensureDatabase(server.adminUrl, settings.databaseName);
}
