import { Connection } from '@temporalio/client';
import path from 'node:path';
import { SEARCH_ATTRIBUTE_TYPES } from '../client/search-attributes';
import { startProcess, waitUntilReady, type ManagedProcess } from './processes';

export interface TemporalDevServer {
  address: string;
  uiUrl: string | null;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * Server settings every stack of ours runs with (deploy/temporal/dynamicconfig.yaml sets the same in production):
 * eager activity execution, so an activity a workflow task schedules (the campaign's queueing and placement steps)
 * comes back to the worker with the task's completion when the worker has a free slot, instead of a round trip through
 * the task queue's matching.
 */
export const TEMPORAL_DYNAMIC_CONFIG: Readonly<Record<string, boolean>> = Object.freeze({
  'system.enableActivityEagerExecution': true,
});

/**
 * Starts `temporal server start-dev` on loopback with the project's search attributes registered.
 * `dbFile` null keeps state in memory (tests); `uiPort` null runs headless.
 */
export async function startTemporalDevServer(options: {
  binary: string;
  port: number;
  uiPort: number | null;
  dbFile: string | null;
  logDir: string;
  dynamicConfig?: Record<string, string | number | boolean>;
  /** See `startProcess`: the dev command stops Temporal itself, after the API and worker. */
  detached?: boolean;
}): Promise<TemporalDevServer> {
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--log-level',
    'warn',
  ];
  args.push(
    ...(options.uiPort === null
      ? ['--headless']
      : ['--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1']),
  );
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTE_TYPES))
    args.push('--search-attribute', `${name}=${type}`);
  for (const [key, value] of Object.entries({ ...TEMPORAL_DYNAMIC_CONFIG, ...options.dynamicConfig }))
    args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);

  const logFile = path.join(options.logDir, `temporal-${options.port}.log`);
  const proc = startProcess('temporal', options.binary, args, { logFile, detached: options.detached });
  const address = `127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(
      'Temporal dev server',
      async () => {
        const connection = await Connection.connect({ address, connectTimeout: 1000 });
        try {
          await connection.workflowService.describeNamespace({ namespace: 'default' });
        } finally {
          await connection.close();
        }
      },
      { timeoutMs: 60_000, process: proc, logFile },
    );
  } catch (error) {
    await proc.stop(); // never leave a half-started server behind
    throw error;
  }
  return {
    address,
    uiUrl: options.uiPort === null ? null : `http://127.0.0.1:${options.uiPort}`,
    process: proc,
    stop: () => proc.stop(),
  };
}
