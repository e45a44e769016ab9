import path from 'node:path';

/** What the dev command starts and where, read from the environment with the documented defaults. */
export interface DevSettings {
  rootDir: string;
  dataDir: string;
  logDir: string;
  apiPort: number;
  apiHost: string;
  /** Set: use this Temporal server; null: start the dev server on `temporalPort`. */
  externalTemporal: string | null;
  temporalPort: number;
  temporalUiPort: number;
  /** Set: use this database; null: run embedded PostgreSQL on `postgresPort`. */
  externalDatabase: string | null;
  postgresPort: number;
  databaseName: string;
}

export const DEFAULTS = {
  apiPort: 8000,
  temporalPort: 7233,
  temporalUiPort: 8233,
  postgresPort: 5433,
  databaseName: 'voice_agent_calling',
} as const;

export function readDevSettings(env: NodeJS.ProcessEnv, rootDir: string): DevSettings {
  const port = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name} must be a port number (got "${raw}")`);
    return value;
  };
  const dataDir = path.resolve(rootDir, env.DATA_DIR?.trim() || '.data');
  return {
    rootDir,
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    apiPort: port('PORT', DEFAULTS.apiPort),
    apiHost: env.HOST?.trim() || '127.0.0.1',
    externalTemporal: env.TEMPORAL_ADDRESS?.trim() || null,
    temporalPort: port('TEMPORAL_PORT', DEFAULTS.temporalPort),
    temporalUiPort: port('TEMPORAL_UI_PORT', DEFAULTS.temporalUiPort),
    externalDatabase: env.DATABASE_URL?.trim() || null,
    postgresPort: port('EMBEDDED_POSTGRES_PORT', DEFAULTS.postgresPort),
    databaseName: DEFAULTS.databaseName,
  };
}
