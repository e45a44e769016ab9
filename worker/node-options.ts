/**
 * The V8 settings the worker process ships with (docker-compose.yml's worker `NODE_OPTIONS`, and the dev command's
 * worker). The contact import's garbage would otherwise let the old space grow to ~320 MB of RSS before V8 collects
 * it; capped at 256 MB, V8 collects sooner and an import of 1,000,000 rows peaks under 300 MB (bench/sync). The SDK
 * sizes its workflow cache from this limit unless told: the worker sets `maxCachedWorkflows`
 * (WORKER_MAX_CACHED_WORKFLOWS) itself. bench/sync checks that docker-compose.yml ships exactly this.
 */
export const WORKER_NODE_OPTIONS = '--max-old-space-size=256';

/** `NODE_OPTIONS` for a worker process: the operator's own options first, then the worker's (the last one wins). */
export function workerNodeOptions(inherited: string | undefined): string {
  return [inherited?.trim(), WORKER_NODE_OPTIONS].filter(Boolean).join(' ');
}
