import type { Config } from '../config';
import { destinationPolicy } from '../net/outbound-destinations';
import { canPlaceCalls, providerFor } from '../providers/registry';
import { createSimulatorProvider } from '../providers/simulator/simulator-provider';
import { simulatorApiToken } from '../simulator/auth';
import type { EngineSettings } from '../config/engine';
import { PlacementSetupError, type ProviderFactory } from './placement-context';

/**
 * The providers the workers dial through. The simulator is a cloud of its own (in the API process), reached
 * at `SIMULATOR_URL` (default: the public URL) with the token both processes derive; vendors come from the registry.
 */
export function createProviderFactory(config: Readonly<Config>, engine: EngineSettings): ProviderFactory {
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  return (configuration, secrets) => {
    if (configuration.provider === 'simulator') {
      return createSimulatorProvider({
        configurationId: configuration.id,
        baseUrl: config.simulator.baseUrl,
        token: simulatorApiToken(config),
        config: configuration.config,
        requestTimeoutMs: engine.providerRequestTimeoutMs,
      });
    }
    const provider = providerFor(configuration, secrets, {
      publicBaseUrl: config.http.publicBaseUrl,
      destinations,
      requestTimeoutMs: engine.providerRequestTimeoutMs,
    });
    if (!canPlaceCalls(provider))
      throw new PlacementSetupError(`provider '${configuration.provider}' cannot place calls yet`);
    return provider;
  };
}
