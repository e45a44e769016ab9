import { createProviderFactory } from '../engine/provider-factory';
import { ProviderGuards } from '../engine/provider-guard';
import { createCampaignControlActivities } from './campaign-control';
import type { EngineActivityDeps } from './engine-deps';
import type { ActivityDeps } from './deps';
import { createOneOffCallActivities } from './one-off-call';
import { createPlaceAttemptsActivity } from './place-attempts';
import { createReconcileAttemptsActivity } from './reconcile-attempts';

/** The dialing activities (everything after the import), with the worker's engine settings and provider guards. */
export function createEngineActivities(deps: ActivityDeps) {
  const engine = { ...deps.config.engine, ...deps.engine };
  const engineDeps: EngineActivityDeps = {
    ...deps,
    engine,
    providerFactory: deps.providerFactory ?? createProviderFactory(deps.config, engine),
    guards: new ProviderGuards(engine.providerRequestTimeoutMs),
  };
  return {
    ...createCampaignControlActivities(engineDeps),
    ...createPlaceAttemptsActivity(engineDeps),
    ...createReconcileAttemptsActivity(engineDeps),
    ...createOneOffCallActivities(engineDeps),
  };
}
