/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the receiver checks
 * `webhook-signature: v1,<base64 HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")>` with its copy of the
 * endpoint's secret, `whsec_` + base64 of the key bytes. During a rotation both secrets sign, space separated, so a
 * receiver holding either one accepts the request.
 */
import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** The HMAC key of a `whsec_…` secret: the bytes its base64 stands for (the prefix is not part of the key). */
export function secretKeyBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('a webhook secret holds no key bytes');
  return key;
}

/** One `v1,<base64>` signature of a request under one secret. */
export function signatureOf(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): string {
  const mac = createHmac('sha256', secretKeyBytes(secret))
    .update(`${message.id}.${message.timestamp}.${message.body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret (current first), space separated. */
export function signatureHeader(
  secrets: readonly string[],
  message: { id: string; timestamp: number; body: string },
): string {
  return secrets.map((secret) => signatureOf(secret, message)).join(' ');
}
