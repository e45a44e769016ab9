/**
 * The V8 settings the worker process ships with (docker-compose.yml's worker `NODE_OPTIONS`, and the dev command's
 * worker). With Node's defaults V8 lets the contact import's garbage grow the worker to ~320 MiB of RSS before
 * collecting it; with the old space capped at 256 MB V8 collects sooner, and 8 MB semi-spaces (16 by default) keep the
 * young generation small: a 1,000,000-row import then peaks at 260–274 MiB (bench/sync, 2026-11-24), for ~2 µs more
 * worker CPU a row (more scavenges and mark-compacts). The SDK sizes its workflow cache from this limit unless told:
 * the worker sets `maxCachedWorkflows` (WORKER_MAX_CACHED_WORKFLOWS) itself. bench/sync checks that
 * docker-compose.yml ships exactly this.
 */
export const WORKER_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8';

/** `NODE_OPTIONS` for a worker process: the operator's own options first, then the worker's (the last one wins). */
export function workerNodeOptions(inherited: string | undefined): string {
  return [inherited?.trim(), WORKER_NODE_OPTIONS].filter(Boolean).join(' ');
}
