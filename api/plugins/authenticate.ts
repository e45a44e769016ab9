import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveApiKey, findLiveSession, touchApiKey } from '../../db/repositories/credentials';
import { API_KEY_PREFIX, hashToken, tokensMatch } from '../../credentials/tokens';
import { DOCS_PREFIX } from '../context';
import { forbidden, unauthorized } from '../errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves X-API-Key or `authorization: Bearer` to a caller; routes marked `config.public` skip it.
 * Runs on request, before the body is parsed or validated: no credentials is 401 whatever the body.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (
      request.is404 ||
      request.routeOptions.config?.public ||
      request.routeOptions.url?.startsWith(DOCS_PREFIX)
    )
      return;
    const token = presentedToken(request);
    if (!token) throw unauthorized();
    const digest = hashToken(token);
    const db = app.ctx.db;
    const credential = token.startsWith(API_KEY_PREFIX)
      ? await findActiveApiKey(db, digest)
      : await findLiveSession(db, digest);
    if (!credential || !tokensMatch(credential.keyHash, digest)) throw unauthorized();
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
}

/** The API key or session token the request carries, X-API-Key first. */
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
