import type { Logger } from '../config/logger';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ObjectStorage } from '../storage/object-storage';
import type { EngineSettings } from '../config/engine';
import type { ProviderFactory } from '../engine/placement-context';

/** Everything activities depend on, built once per worker process and injected here. */
export interface ActivityDeps {
  config: Readonly<Config>;
  logger: Logger;
  db: Db;
  storage: ObjectStorage;
  /** Engine timings that replace the configuration's (`config.engine`, from ENGINE_*), e.g. shorter in tests. */
  engine?: Partial<EngineSettings>;
  /** Builds a configuration's provider; the simulator client and the provider registry when absent. */
  providerFactory?: ProviderFactory;
  /**
   * Aborted when the worker process begins to shut down (worker/main.ts, on SIGTERM or SIGINT): placements stop claiming
   * new contacts at once and hand the rest of their batch back; dials already sent finish their request.
   */
  workerStopping?: AbortSignal;
  /**
   * The time (epoch ms) a campaign judges calling windows and legal calling hours by, when it holds contacts and at
   * each claim; the real clock when absent. Tests move it to a callee's morning instead of waiting for one.
   */
  clock?: () => number;
  /** Shorter webhook deliverer runs and fallback polls than the defaults (5 min, 5 s), for tests (worker/create-webhook-worker.ts). */
  webhookDeliverer?: { runForMs?: number; pollMs?: number };
}
