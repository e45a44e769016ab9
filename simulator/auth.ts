import type { Config } from '../config';
import { deriveKey } from '../config/keys';
import { tokensMatch } from '../credentials/tokens';

/** The bearer token of the simulator's calls API, derived from the deployment's root secret (API and workers share it). */
export function simulatorApiToken(config: Pick<Config, 'appSecret'>): string {
  return deriveKey(config.appSecret, 'simulator-api').toString('base64url');
}

/**
 * True when `presented` is the calls API token of the current secret or, during a rotation, of the previous one (a
 * worker not yet restarted with the new secret still presents the old token).
 */
export function isSimulatorApiToken(
  config: Pick<Config, 'appSecret'> & Partial<Pick<Config, 'appSecretPrevious'>>,
  presented: string,
): boolean {
  const secrets = [config.appSecret, config.appSecretPrevious].filter((secret): secret is string => !!secret);
  return secrets.some((appSecret) => tokensMatch(presented, simulatorApiToken({ appSecret })));
}
