import type { EngineSettings } from '../config/engine';
import type { ProviderFactory } from '../engine/placement-context';
import type { ProviderGuards } from '../engine/provider-guard';
import type { ActivityDeps } from './deps';

/** The worker-wide dependencies of the dialing activities, with the engine's settings resolved. */
export interface EngineActivityDeps extends ActivityDeps {
  engine: EngineSettings;
  providerFactory: ProviderFactory;
  guards: ProviderGuards;
}
