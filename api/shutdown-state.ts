/**
 * Whether this API process has begun shutting down. `server.ts` marks it on SIGINT/SIGTERM before closing anything,
 * so `/readyz` answers 503 and the load balancer stops sending new requests while the ones in flight drain.
 */
let shuttingDown = false;

/** Marks the process as shutting down (idempotent). */
export function markShuttingDown(): void {
  shuttingDown = true;
}

/** True once `markShuttingDown()` was called. */
export function isShuttingDown(): boolean {
  return shuttingDown;
}
