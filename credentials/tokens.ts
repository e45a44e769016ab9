/** API keys and session tokens: made at random, stored only as a SHA-256 digest, compared in constant time. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'vac_';
export const SESSION_TOKEN_PREFIX = 'vas_';

/** `vac_` + 43 url-safe characters (32 random bytes). Only its SHA-256 digest is stored. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function generateSessionToken(): string {
  return SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Equal strings, compared in constant time (for tokens and signatures a caller sends). */
export function tokensMatch(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
