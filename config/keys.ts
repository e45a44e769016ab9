import { createHash, createHmac } from 'node:crypto';

/** What a derived key is for; no two purposes share a key. */
export type KeyPurpose =
  | 'storage-url-signing'
  | 'public-links'
  | 'credential-encryption'
  | 'status-callbacks'
  | 'simulator-api'
  | 'media-streams'
  | 'key-id';

/** A 32-byte key for one purpose, derived from the root secret, so purposes never share a key. */
export function deriveKey(appSecret: string, purpose: KeyPurpose): Buffer {
  return createHmac('sha256', appSecret).update(`voice-agent-calling:${purpose}`).digest();
}

/**
 * The id every ciphertext and signed token written under `appSecret` carries: the first 8 hex digits of SHA-256 of
 * the secret's 'key-id' key. It names the secret without revealing anything usable about it.
 */
export function keyIdOf(appSecret: string): string {
  return createHash('sha256').update(deriveKey(appSecret, 'key-id')).digest('hex').slice(0, 8);
}

/**
 * The root secrets keys derive from: a lone secret, or the configuration's current one (which writes and signs)
 * with, during a rotation, the previous one (which still reads and verifies).
 */
export type RootSecrets = string | { appSecret: string; appSecretPrevious?: string | null };

/** One purpose's key under one root secret, with that secret's key id. */
export interface IdentifiedKey {
  id: string;
  key: Buffer;
}

/** The keys of one purpose: `current` writes; `readable` (current first, then previous) reads. */
export interface PurposeKeys {
  current: IdentifiedKey;
  readable: IdentifiedKey[];
  /** The readable key with this id, or null (a key id of a secret this deployment no longer holds). */
  byId(id: string): IdentifiedKey | null;
}

/** The current and previous keys of `purpose` under `secrets`. */
export function purposeKeys(secrets: RootSecrets, purpose: KeyPurpose): PurposeKeys {
  const { appSecret, appSecretPrevious } = typeof secrets === 'string' ? { appSecret: secrets } : secrets;
  const identified = (secret: string): IdentifiedKey => ({
    id: keyIdOf(secret),
    key: deriveKey(secret, purpose),
  });
  const current = identified(appSecret);
  const readable = appSecretPrevious ? [current, identified(appSecretPrevious)] : [current];
  return { current, readable, byId: (id) => readable.find((candidate) => candidate.id === id) ?? null };
}
