/**
 * The CSRF check of cookie-authenticated mutations: the browser's `Origin` must be this service's own origin.
 * SameSite=Strict already keeps other sites' requests from carrying the cookie; this is the second wall
 * (older browsers, sibling subdomains, which count as the same site).
 */
import type { FastifyRequest } from 'fastify';

/** Methods that change nothing and so need no Origin. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request with this method must prove its origin when the cookie authenticates it. */
export function needsOriginCheck(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Whether the request's Origin is ours: the origin of PUBLIC_BASE_URL, or the request's own host with its
 * protocol as Fastify sees them (X-Forwarded-Proto and -Host count only from proxies TRUST_PROXY trusts). A
 * missing Origin, `null` or anything that is not a URL is not ours.
 */
export function hasOwnOrigin(request: FastifyRequest, publicBaseUrl: string): boolean {
  const origin = originOf(request.headers.origin);
  if (origin === null) return false;
  return origin === originOf(publicBaseUrl) || origin === originOf(`${request.protocol}://${request.host}`);
}

/** The URL's serialized origin (scheme, host, port other than the default), or null for no URL with a host. */
function originOf(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.host === '' || url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
