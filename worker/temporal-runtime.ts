import { Runtime, type LogLevel, type LogMetadata, type Logger as TemporalLogger } from '@temporalio/worker';
import type { Logger } from '../config/logger';

// pino's levels, by name, for the SDK's five.
const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * The SDK's metadata keys (`workflowId`, `activityType`…) as our snake_case log keys. Its `runId` is a Temporal run,
 * not one of our runs (`run_id`), so it becomes `workflow_run_id`.
 */
function snakeCaseMetadata(meta: LogMetadata | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta ?? {})) {
    const name =
      key === 'runId' ? 'workflow_run_id' : key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    fields[name] = value;
  }
  return fields;
}

/** The Temporal SDK's logger interface over a pino logger: the SDK's metadata becomes the entry's fields. */
export function temporalLoggerFor(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata): void => {
    // The SDK logs every activity's start and end at DEBUG: a disabled level costs no renaming of its metadata.
    if (!logger.isLevelEnabled(PINO_LEVEL[level])) return;
    logger[PINO_LEVEL[level]](snakeCaseMetadata(meta), message);
  };
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

/**
 * Installs the process's Temporal runtime so the SDK's own messages (worker state, workflow and activity logs, and
 * the native core's warnings) are structured entries of our logger instead of console lines, and, with
 * `metricsAddress`, serves the SDK's metrics at `http://<metricsAddress>/metrics`. Call once, before the first
 * connection or worker of the process.
 */
export function installTemporalRuntime(
  logger: Logger,
  options: { metricsAddress?: string | null } = {},
): void {
  Runtime.install({
    logger: temporalLoggerFor(logger.child({ component: 'temporal-sdk' })),
    telemetryOptions: {
      logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} },
      // The SDK's own counters (workflow cache hits, misses and evictions, task latencies) for Prometheus.
      ...(options.metricsAddress ? { metrics: { prometheus: { bindAddress: options.metricsAddress } } } : {}),
    },
  });
}
