import { randomBytes } from 'node:crypto';

/** Where the dev command's worker serves /livez, /readyz and /metrics unless WORKER_HEALTH_ADDRESS says otherwise. */
export const DEV_WORKER_HEALTH_ADDRESS = '127.0.0.1:9465';

/**
 * The dev stack runs with metrics and the worker's health port on: the API's /metrics behind METRICS_TOKEN (yours,
 * or a random one for this run, printed in the banner) and the worker's port on loopback.
 */
export function devObservabilityEnv(env: NodeJS.ProcessEnv): {
  METRICS_TOKEN: string;
  WORKER_HEALTH_ADDRESS: string;
} {
  return {
    METRICS_TOKEN: env.METRICS_TOKEN?.trim() || randomBytes(18).toString('hex'),
    WORKER_HEALTH_ADDRESS: env.WORKER_HEALTH_ADDRESS?.trim() || DEV_WORKER_HEALTH_ADDRESS,
  };
}
