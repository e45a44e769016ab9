import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKeys, type IdentifiedKey, type RootSecrets } from './keys';

/** `v1.<iv>.<tag>.<body>`: written before ciphertexts carried a key id. */
const LEGACY_VERSION = 'v1';
/** `v2.<keyId>.<iv>.<tag>.<body>`: the key id names the root secret it was written under. */
const VERSION = 'v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const NOT_UNDER_OUR_SECRETS = 'stored credentials do not decrypt under APP_SECRET or APP_SECRET_PREVIOUS';

/**
 * Encrypts provider secrets at rest with AES-256-GCM under a key derived from the app secret. Writes use the current
 * secret; reads take the current or the previous one (APP_SECRET_PREVIOUS), chosen by the ciphertext's key id.
 */
export interface CredentialsCipher {
  /** `context` (e.g. the organization) is authenticated, so a ciphertext copied elsewhere does not decrypt. */
  encrypt(secrets: Record<string, string>, context: string): string;
  decrypt(sealed: string, context: string): Record<string, string>;
  /** True unless `sealed` is already written under the current secret (the re-encrypt command's test). */
  needsReencryption(sealed: string): boolean;
}

/**
 * Stored secrets this deployment cannot read: written under a root secret that is neither APP_SECRET nor
 * APP_SECRET_PREVIOUS (a rotation that skipped the re-encrypt command, or a restored database), or damaged.
 * Nothing can use them: the API answers 409 `credentials_unreadable` and asks for them again.
 */
export class CredentialsUnreadableError extends Error {
  override readonly name = 'CredentialsUnreadableError';
}

/** The cipher of `secrets`: the configuration (current and previous secret) or a lone secret. */
export function createCredentialsCipher(secrets: RootSecrets): CredentialsCipher {
  const keys = purposeKeys(secrets, 'credential-encryption');
  return {
    encrypt(clear, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(clear), 'utf8'), cipher.final()]);
      return [VERSION, keys.current.id, iv, cipher.getAuthTag(), body].map(encodePart).join('.');
    },
    decrypt(sealed, context) {
      try {
        return decryptSealed(sealed, context);
      } catch (error) {
        if (error instanceof CredentialsUnreadableError) throw error;
        // A wrong key or a damaged ciphertext fails GCM's authentication (or, never in practice, JSON parsing).
        throw new CredentialsUnreadableError(NOT_UNDER_OUR_SECRETS, { cause: error });
      }
    },
    needsReencryption(sealed) {
      const [version, keyId] = sealed.split('.');
      return version !== VERSION || keyId !== keys.current.id;
    },
  };

  function decryptSealed(sealed: string, context: string): Record<string, string> {
    const parts = sealed.split('.');
    if (parts[0] === LEGACY_VERSION && parts.length === 4) {
      // No key id: written under whichever secret was current then; the current one first.
      const [, ...sealedParts] = parts as [string, string, string, string];
      return decryptUnderFirstFitting(keys.readable, sealedParts, context);
    }
    if (parts[0] !== VERSION || parts.length !== 5)
      throw new CredentialsUnreadableError('credentials ciphertext has an unknown format');
    const [, keyId, ...sealedParts] = parts as [string, string, string, string, string];
    const key = keys.byId(keyId);
    if (!key)
      throw new CredentialsUnreadableError(
        `credentials ciphertext was written under key id ${keyId}, neither APP_SECRET's nor APP_SECRET_PREVIOUS's`,
      );
    return decryptWith(key.key, sealedParts, context);
  }
}

function decryptUnderFirstFitting(
  candidates: IdentifiedKey[],
  sealedParts: [string, string, string],
  context: string,
): Record<string, string> {
  let failure: unknown;
  for (const { key } of candidates) {
    try {
      return decryptWith(key, sealedParts, context);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function decryptWith(
  key: Buffer,
  [iv, tag, body]: [string, string, string],
  context: string,
): Record<string, string> {
  if (!iv || !tag) throw new Error('credentials ciphertext has an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const clear = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return JSON.parse(clear.toString('utf8')) as Record<string, string>;
}

/** The authenticated context of a telephony configuration's secrets: its organization. */
export const telephonySecretsContext = (organizationId: number) =>
  `telephony_configuration:organization:${organizationId}`;

/** The authenticated context of a voice configuration's secrets: its organization. */
export const voiceSecretsContext = (organizationId: number) =>
  `voice_configuration:organization:${organizationId}`;

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
