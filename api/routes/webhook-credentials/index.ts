/** Webhook credentials of the caller's organization, at Dograh's `/credentials`: secrets tools and fetches send. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listWebhookCredentials } from '../../../db/repositories/webhook-credentials';
import { callerOf } from '../../plugins/authenticate';
import { ErrorBody } from '../common-schemas';
import { createWebhookCredentialService } from './credential-service';
import {
  CreateCredentialBody,
  Credential,
  CredentialList,
  CredentialParams,
  DeletedCredential,
  UpdateCredentialBody,
} from './schemas';

const tags = ['Credentials'];

const webhookCredentialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const credentials = createWebhookCredentialService(db, config);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List webhook credentials',
        description: 'The live credentials of the organization, by name; secrets masked.',
        response: { 200: CredentialList },
      },
    },
    async (request) => {
      const rows = await listWebhookCredentials(db, callerOf(request).organizationId);
      return rows.map(credentials.present);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a webhook credential',
        description:
          'Name unique among the live credentials of the organization (409 credential_name_taken). ' +
          '`credential_data` holds every field of `credential_type`; a problem with any is a 422 naming it.',
        body: CreateCredentialBody,
        response: { 201: Credential, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      // The type provider reads the `Type.Unsafe` type enum as unknown; the schema has checked it.
      const row = await credentials.create(
        callerOf(request).organizationId,
        request.body as CreateCredentialBody,
      );
      return reply.status(201).send(credentials.present(row));
    },
  );

  app.get(
    '/:credential_uuid',
    {
      schema: {
        tags,
        summary: 'Get a webhook credential',
        params: CredentialParams,
        response: { 200: Credential, 404: ErrorBody },
      },
    },
    async (request) =>
      credentials.present(
        await credentials.get(callerOf(request).organizationId, request.params.credential_uuid),
      ),
  );

  app.put(
    '/:credential_uuid',
    {
      schema: {
        tags,
        summary: 'Update a webhook credential',
        description:
          'Partial: absent or `null` keeps `name`, `credential_type` and `credential_data`; `description: null` ' +
          'clears it. With the stored type, sent fields replace stored ones and the stored mask keeps a secret; ' +
          'another type needs all of its fields.',
        params: CredentialParams,
        body: UpdateCredentialBody,
        response: { 200: Credential, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      credentials.present(
        await credentials.update(
          callerOf(request).organizationId,
          request.params.credential_uuid,
          request.body as UpdateCredentialBody,
        ),
      ),
  );

  app.delete(
    '/:credential_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a webhook credential',
        description:
          'Soft: the credential leaves every list and lookup and its secrets are erased. 409 credential_in_use, ' +
          'naming its users, while the current definition of an agent (active or archived) names it in ' +
          '`pre_call_fetch_credential_uuid` or a tool that is not archived names it in its definition.',
        params: CredentialParams,
        response: { 200: DeletedCredential, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await credentials.remove(callerOf(request).organizationId, request.params.credential_uuid);
      return { status: 'deleted' as const, uuid: row.credential_uuid };
    },
  );
};

export default webhookCredentialRoutes;
