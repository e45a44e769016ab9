import type { RootSecrets } from '../config/keys';
import { createPayloadSigner } from '../config/payload-signer';

/**
 * Public access tokens for a run's artifacts: `<payload>.<keyId>.<signature>`, the payload naming the run, its
 * organization and an expiry, signed with the public-links key (tokens minted before key ids: `<payload>.<signature>`).
 * Stateless: a token cannot be revoked, it expires.
 */

export interface PublicTokenClaims {
  runId: number;
  organizationId: number;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

/** A token for the run's artifacts, signed with the current secret, valid for `ttlSeconds`. */
export function mintPublicToken(
  appSecret: RootSecrets,
  run: { runId: number; organizationId: number },
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  const claims = { r: run.runId, o: run.organizationId, e: Math.floor(nowMs / 1000) + ttlSeconds };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createPayloadSigner(appSecret, 'public-links').sign(payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyPublicToken(
  appSecret: RootSecrets,
  token: string,
  nowMs = Date.now(),
): PublicTokenClaims | null {
  const dot = token.indexOf('.');
  const [payload, signature] = [token.slice(0, dot), token.slice(dot + 1)];
  if (dot < 1 || !signature) return null;
  if (!createPayloadSigner(appSecret, 'public-links').verify(payload, signature)) return null;
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
