/**
 * Where this deployment's providers reach and are reached: the public URL vendors call back, the operator's policy
 * for user-set vendor URLs, the request timeout, and the simulator's calls API with the token both sides derive. The
 * workers dial with it (engine/provider-factory.ts) and the media process transfers calls with it
 * (media/call-transfer-hook.ts).
 */
import type { Config } from '../config';
import { destinationPolicy } from '../net/outbound-destinations';
import { simulatorApiToken } from '../simulator/auth';
import type { ProviderEnvironment } from './vendor-http';

export function deploymentEnvironment(
  config: Readonly<Config>,
  requestTimeoutMs: number = config.engine.providerRequestTimeoutMs,
): ProviderEnvironment {
  return {
    publicBaseUrl: config.http.publicBaseUrl,
    destinations: destinationPolicy(config.security.allowedPrivateDestinations),
    requestTimeoutMs,
    simulator: { baseUrl: config.simulator.baseUrl, token: simulatorApiToken(config) },
  };
}
