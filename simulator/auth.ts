import type { Config } from '../config';
import { deriveKey } from '../config/keys';

/** The bearer token of the simulator's calls API, derived from the deployment's root secret (API and workers share it). */
export function simulatorApiToken(config: Pick<Config, 'appSecret'>): string {
  return deriveKey(config.appSecret, 'simulator-api').toString('base64url');
}
