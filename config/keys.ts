import { createHmac } from 'node:crypto';

/** A 32-byte key for one purpose, derived from the root secret, so purposes never share a key. */
export function deriveKey(
  appSecret: string,
  purpose:
    | 'storage-url-signing'
    | 'public-links'
    | 'credential-encryption'
    | 'status-callbacks'
    | 'simulator-api'
    | 'media-streams',
): Buffer {
  return createHmac('sha256', appSecret).update(`voice-agent-calling:${purpose}`).digest();
}
