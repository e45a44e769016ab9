import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { generateApiKey, hashToken } from '../../../credentials/tokens';
import { callerOf } from '../../plugins/authenticate';
import { forbidden, notFound } from '../../errors';
import {
  archiveApiKey,
  findApiKey,
  insertApiKey,
  listApiKeys,
  reactivateApiKey,
  type ApiKeyRecord,
} from '../../../db/repositories/api-keys';
import { errorResponses } from '../auth/schemas';
import {
  ApiKeyBody,
  ApiKeyParams,
  CreateApiKeyBody,
  CreatedApiKeyBody,
  ListApiKeysQuery,
  SCOPES,
} from './schemas';

const tags = ['api-keys'];
const KEY_PREFIX_LENGTH = 8;

/**
 * The organization's API keys (`/api/v1/user/api-keys`, also served at `/user/api-keys`).
 * Changes need the `write` scope, which the authentication hook enforces for every mutating method; a key may
 * create or reactivate only keys within its own scopes, so no key can mint itself more rights.
 */
const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "List the organization's API keys",
        querystring: ListApiKeysQuery,
        response: { 200: Type.Array(ApiKeyBody), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const keys = await listApiKeys(db, caller.organizationId, {
        includeArchived: request.query.include_archived,
      });
      return keys.map(present);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create an API key; the full key is in this answer only',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKeyBody, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const name = request.body.name.trim();
      const requested = new Set(request.body.scopes ?? SCOPES);
      const scopes = SCOPES.filter((scope) => requested.has(scope));
      ensureWithinCallerScopes(caller.scopes, scopes, 'create');
      const apiKey = generateApiKey();
      const record = await insertApiKey(db, {
        organizationId: caller.organizationId,
        createdByUserId: caller.userId,
        name,
        keyPrefix: apiKey.slice(0, KEY_PREFIX_LENGTH),
        keyHash: hashToken(apiKey),
        scopes,
      });
      return reply.status(201).send({ ...present(record), api_key: apiKey });
    },
  );

  app.delete(
    '/:api_key_id',
    {
      schema: {
        tags,
        summary: 'Archive (revoke) an API key; the next request with it gets 401',
        params: ApiKeyParams,
        response: { 200: ApiKeyBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const record = await archiveApiKey(db, caller.organizationId, request.params.api_key_id);
      if (!record) throw notFound('api_key');
      return present(record);
    },
  );

  app.put(
    '/:api_key_id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate an archived API key',
        params: ApiKeyParams,
        response: { 200: ApiKeyBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const existing = await findApiKey(db, caller.organizationId, request.params.api_key_id);
      if (!existing) throw notFound('api_key');
      ensureWithinCallerScopes(caller.scopes, existing.scopes, 'reactivate');
      const record = await reactivateApiKey(db, caller.organizationId, request.params.api_key_id);
      if (!record) throw notFound('api_key');
      return present(record);
    },
  );
};

/** A key may only hand out scopes it holds itself (a user session holds both). */
function ensureWithinCallerScopes(
  callerScopes: readonly string[],
  scopes: Iterable<string>,
  action: string,
): void {
  const missing = [...scopes].filter((scope) => !callerScopes.includes(scope));
  if (missing.length > 0) {
    throw forbidden(
      `An API key may only ${action} keys within its own scopes; this one lacks ${missing.map((scope) => `\`${scope}\``).join(', ')}.`,
    );
  }
}

function present(key: ApiKeyRecord) {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.key_prefix,
    scopes: key.scopes as Array<(typeof SCOPES)[number]>,
    is_active: key.is_active,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
    archived_at: key.archived_at?.toISOString() ?? null,
  };
}

export default apiKeyRoutes;
