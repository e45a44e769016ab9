import type { Logger } from '../config/logger';
import type { WorkerShutdownSettings } from '../config/worker-shutdown';

/** The signals on which the worker stops: the Temporal SDK shuts the worker down on them, this marks it for activities. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * An AbortSignal aborted when the process gets SIGTERM or SIGINT, for the activities (`workerStopping`): placements stop
 * claiming contacts at once instead of dialing on through the shutdown grace. The SDK's own handler stops polling and
 * starts the grace; this one only marks the moment and logs the limits.
 */
export function workerStoppingSignal(logger: Logger, shutdown: WorkerShutdownSettings): AbortSignal {
  const controller = new AbortController();
  for (const name of STOP_SIGNALS) {
    process.once(name, () => {
      if (controller.signal.aborted) return;
      logger.info(
        { signal: name, grace_seconds: shutdown.graceSeconds, force_seconds: shutdown.forceSeconds },
        'worker stopping: no new tasks; running activities finish or hand back their work',
      );
      controller.abort(name);
    });
  }
  return controller.signal;
}
