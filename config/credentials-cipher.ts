import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts provider secrets at rest with AES-256-GCM under a key derived from the app secret. */
export interface CredentialsCipher {
  /** `context` (e.g. the organization) is authenticated, so a ciphertext copied elsewhere does not decrypt. */
  encrypt(secrets: Record<string, string>, context: string): string;
  decrypt(sealed: string, context: string): Record<string, string>;
}

export function createCredentialsCipher(appSecret: string): CredentialsCipher {
  const key = deriveKey(appSecret, 'credential-encryption');
  return {
    encrypt(secrets, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map(encodePart).join('.');
    },
    decrypt(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('credentials ciphertext has an unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const clear = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(clear.toString('utf8')) as Record<string, string>;
    },
  };
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
