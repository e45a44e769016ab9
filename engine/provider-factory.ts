import type { Config } from '../config';
import { deploymentEnvironment } from '../providers/deployment-environment';
import { canPlaceCalls, providerFor } from '../providers/registry';
import type { EngineSettings } from '../config/engine';
import { PlacementSetupError, type ProviderFactory } from './placement-context';

/**
 * The providers the workers dial through, all from the registry. The simulator is a cloud of its own (in the API
 * process), reached at `SIMULATOR_URL` (default: the public URL) with the token both processes derive.
 */
export function createProviderFactory(config: Readonly<Config>, engine: EngineSettings): ProviderFactory {
  const environment = deploymentEnvironment(config, engine.providerRequestTimeoutMs);
  return (configuration, secrets) => {
    const provider = providerFor(configuration, secrets, environment);
    if (!canPlaceCalls(provider))
      throw new PlacementSetupError(`provider '${configuration.provider}' cannot place calls yet`);
    return provider;
  };
}
