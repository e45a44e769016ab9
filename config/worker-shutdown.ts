import type { EnvReader } from './env-reader';

/** How long a stopping worker waits for its running activities (WORKER_SHUTDOWN_*). */
export interface WorkerShutdownSettings {
  /** After SIGTERM, running activities have this long to finish before they are cancelled (Temporal's grace time). */
  graceSeconds: number;
  /** After SIGTERM, the worker gives up waiting and exits 1 past this (Temporal's force time); above the grace. */
  forceSeconds: number;
}

/**
 * Reads WORKER_SHUTDOWN_GRACE_SECONDS (default 30) and WORKER_SHUTDOWN_FORCE_SECONDS (default 45). The force time must
 * exceed the grace (cancelled activities need a moment to hand their work back); both must stay below the container's
 * stop grace period (docker-compose.yml: 60 s for the worker), or the worker is killed before it can exit.
 */
export function readWorkerShutdownSettings(read: EnvReader, problems: string[]): WorkerShutdownSettings {
  const graceSeconds = read.int('WORKER_SHUTDOWN_GRACE_SECONDS', 30, 0, 3600);
  const forceSeconds = read.int('WORKER_SHUTDOWN_FORCE_SECONDS', Math.max(45, graceSeconds + 15), 1, 3600);
  if (forceSeconds <= graceSeconds) {
    problems.push(
      `WORKER_SHUTDOWN_FORCE_SECONDS (${forceSeconds}) must be greater than WORKER_SHUTDOWN_GRACE_SECONDS (${graceSeconds})`,
    );
  }
  return { graceSeconds, forceSeconds };
}
