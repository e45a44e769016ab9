import { createHmac } from 'node:crypto';
import { tokensMatch } from '../credentials/tokens';
import { purposeKeys, type KeyPurpose, type RootSecrets } from './keys';

/** Signs payloads with one purpose's current key and verifies them under the current or previous one. */
export interface PayloadSigner {
  /** `<keyId>.<signature>`: base64url HMAC-SHA256 of `payload` under the current key, prefixed with its key id. */
  sign(payload: string): string;
  /**
   * True when `signed` is `<keyId>.<signature>` of `payload` under the current or previous key. A bare signature
   * (minted before signatures carried a key id) is checked against the current key, then the previous one.
   */
  verify(payload: string, signed: string): boolean;
}

const KEY_ID = /^[0-9a-f]{8}$/;

/** The signer of `purpose` under `secrets` (the configuration during a rotation, or a lone secret). */
export function createPayloadSigner(secrets: RootSecrets, purpose: KeyPurpose): PayloadSigner {
  const keys = purposeKeys(secrets, purpose);
  const hmac = (key: Buffer, payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(payload) {
      return `${keys.current.id}.${hmac(keys.current.key, payload)}`;
    },
    verify(payload, signed) {
      const dot = signed.indexOf('.');
      if (dot === -1) return keys.readable.some(({ key }) => tokensMatch(hmac(key, payload), signed));
      const keyId = signed.slice(0, dot);
      const key = KEY_ID.test(keyId) ? keys.byId(keyId) : null;
      return key !== null && tokensMatch(hmac(key.key, payload), signed.slice(dot + 1));
    },
  };
}
