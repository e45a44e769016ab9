/**
 * A telephony configuration that does not exist, standing in for an unknown id in a vendor webhook's check: its
 * secrets are decrypted and the request's signature computed with its key, as for a real configuration, before the
 * same 403. So an unknown id costs what a known one with a bad signature does, and the answer's time does not tell
 * which ids exist. Its keys are made at random by each process: no request can ever be signed with them.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import type { RootSecrets } from '../../config/keys';

/** Every kind of webhook key a vendor reads (keyOf): a shared secret, or Telnyx's Ed25519 public key. */
const DECOY_SECRET = randomBytes(24).toString('base64url');
const DECOY_PUBLIC_KEY = generateKeyPairSync('ed25519')
  .publicKey.export({ format: 'der', type: 'spki' })
  .subarray(-32)
  .toString('base64');

const DECOY_ORGANIZATION_ID = 0;
const sealedSecrets = new Map<string, string>();

function sealedFor(appSecret: RootSecrets): string {
  const id = typeof appSecret === 'string' ? appSecret : appSecret.appSecret;
  let sealed = sealedSecrets.get(id);
  if (!sealed) {
    sealed = createCredentialsCipher(appSecret).encrypt(
      { auth_token: DECOY_SECRET, signature_secret: DECOY_SECRET, api_key: DECOY_SECRET },
      telephonySecretsContext(DECOY_ORGANIZATION_ID),
    );
    sealedSecrets.set(id, sealed);
  }
  return sealed;
}

/** The stand-in row for `provider`: decrypted by credentialsOfConfiguration like a stored one. */
export function decoyConfiguration(appSecret: RootSecrets, provider: string) {
  return {
    organization_id: DECOY_ORGANIZATION_ID,
    provider,
    config: { provider, public_key: DECOY_PUBLIC_KEY },
    encrypted_secrets: sealedFor(appSecret),
  };
}
