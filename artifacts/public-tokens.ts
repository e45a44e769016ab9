import { createHmac } from 'node:crypto';
import { tokensMatch } from '../credentials/tokens';
import { deriveKey } from '../config/keys';

/**
 * Public access tokens for a run's artifacts: `<payload>.<signature>`, the payload naming the run, its
 * organization and an expiry, signed with the public-links key. Stateless: a token cannot be revoked, it expires.
 */

export interface PublicTokenClaims {
  runId: number;
  organizationId: number;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function mintPublicToken(
  appSecret: string,
  run: { runId: number; organizationId: number },
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  const claims = { r: run.runId, o: run.organizationId, e: Math.floor(nowMs / 1000) + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(deriveKey(appSecret, 'public-links'), payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyPublicToken(
  appSecret: string,
  token: string,
  nowMs = Date.now(),
): PublicTokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!tokensMatch(sign(deriveKey(appSecret, 'public-links'), payload), signature)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const [runId, organizationId, expires] = [claims.r, claims.o, claims.e];
    if (![runId, organizationId, expires].every((n) => typeof n === 'number' && Number.isSafeInteger(n)))
      return null;
    if ((expires as number) * 1000 <= nowMs) return null;
    return { runId: runId as number, organizationId: organizationId as number, expires: expires as number };
  } catch {
    return null;
  }
}
