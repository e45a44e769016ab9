import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveApiKey, findLiveSession, touchApiKey } from '../../db/repositories/credentials';
import { API_KEY_PREFIX, hashToken, tokensMatch } from '../../credentials/tokens';
import { hasOwnOrigin, needsOriginCheck } from '../auth/same-origin';
import {
  clearSessionCookie,
  cookieIsSecure,
  looksLikeSessionToken,
  sessionCookieOf,
} from '../auth/session-cookie';
import { DOCS_PREFIX } from '../context';
import { forbidden, unauthorized } from '../errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Where the credential of a request came from: a header (X-API-Key, Authorization), the session cookie, or the
 * session cookie on a mutation refused for its Origin; null when the route needs none or nothing was presented.
 */
export type CredentialSource = 'header' | 'cookie' | 'cross_site_cookie' | null;

declare module 'fastify' {
  interface FastifyRequest {
    credentialSource: CredentialSource;
  }
}

/**
 * Resolves X-API-Key or `authorization: Bearer` to a caller, or, when neither header is sent, the vac_session
 * cookie (a session only; a mutation by cookie must carry our Origin). Routes marked `config.public` skip it.
 * Runs on request, before the body is parsed or validated: no credentials is 401 whatever the body.
 */
export function registerAuthentication(app: FastifyInstance): void {
  const { publicBaseUrl } = app.ctx.config.http;
  const secureCookie = cookieIsSecure(publicBaseUrl);
  app.decorateRequest('caller', null);
  app.decorateRequest('credentialSource', null);
  app.addHook('onRequest', async (request) => {
    if (
      request.is404 ||
      request.routeOptions.config?.public ||
      request.routeOptions.url?.startsWith(DOCS_PREFIX)
    )
      return;
    const presented = presentedCredential(request);
    request.credentialSource = presented?.source ?? null;
    const token = presented?.token;
    if (!token) throw unauthorized();
    const digest = hashToken(token);
    const db = app.ctx.db;
    const credential =
      request.credentialSource === 'header' && token.startsWith(API_KEY_PREFIX)
        ? await findActiveApiKey(db, digest)
        : await findLiveSession(db, digest);
    if (!credential || !tokensMatch(credential.keyHash, digest)) throw unauthorized();
    if (
      request.credentialSource === 'cookie' &&
      needsOriginCheck(request.method) &&
      !hasOwnOrigin(request, publicBaseUrl)
    ) {
      request.credentialSource = 'cross_site_cookie';
      throw forbidden(
        "A request authenticated by the session cookie that changes something must carry this service's own Origin header.",
      );
    }
    if (credential.apiKeyId !== null) await touchApiKey(db, credential.apiKeyId);
    request.caller = {
      organizationId: credential.organizationId,
      userId: credential.userId,
      apiKeyId: credential.apiKeyId,
      scopes: credential.scopes,
      via: credential.apiKeyId === null ? 'session' : 'api_key',
    };
    request.log = request.log.child({ organization_id: credential.organizationId });
    // Scopes are independent: `write` covers mutating methods only, `read` the others.
    const needed = MUTATING.has(request.method) ? 'write' : 'read';
    if (!credential.scopes.includes(needed)) {
      throw forbidden(`This API key lacks the \`${needed}\` scope.`);
    }
  });
  // A cookie that no longer authenticates is dropped, so the browser stops sending it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 && request.credentialSource === 'cookie') {
      clearSessionCookie(reply, secureCookie);
    }
    return payload;
  });
}

/**
 * The credential the request presents and where it came from: the header credential when X-API-Key or
 * Authorization is sent (headers win over the cookie), else the vac_session cookie. `token` is null when the
 * chosen source holds nothing usable (a malformed header, a cookie without a session token's form); the whole
 * answer is null when the request presents neither.
 */
export function presentedCredential(
  request: FastifyRequest,
): { source: 'header' | 'cookie'; token: string | null } | null {
  const { headers } = request;
  if (headers['x-api-key'] !== undefined || headers.authorization !== undefined) {
    return { source: 'header', token: presentedToken(request) };
  }
  const cookie = sessionCookieOf(request);
  if (cookie === null) return null;
  return { source: 'cookie', token: looksLikeSessionToken(cookie) ? cookie : null };
}

/** The API key or session token the request carries in a header, X-API-Key first. */
export function presentedToken(request: FastifyRequest): string | null {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The authenticated caller of a non-public route. */
export function callerOf(request: FastifyRequest) {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
