/** `GET|PUT /organizations/retention`: how many days uploads, recordings and transcripts are kept (null: kept). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { membershipRole } from '../../../db/repositories/account-deletion';
import { getRetention, updateRetention } from '../../../db/repositories/retention';
import { forbidden } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { ErrorBody, Retention, RetentionUpdate } from './schemas';

const retentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/',
    {
      schema: {
        tags: ['data lifecycle'],
        summary: "The organization's retention settings",
        response: { 200: Retention },
      },
    },
    async (request) => getRetention(db, callerOf(request).organizationId),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['data lifecycle'],
        summary: 'Change retention settings (given fields only); the retention sweep applies them',
        body: RetentionUpdate,
        response: { 200: Retention, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // A write key may change them; a person only as an owner (members do not decide what is kept).
      if (
        caller.via === 'session' &&
        (caller.userId === null ||
          (await membershipRole(db, caller.organizationId, caller.userId)) !== 'owner')
      )
        throw forbidden('Only an owner of the organization can change its retention settings.');
      return updateRetention(db, caller.organizationId, request.body);
    },
  );
};

export default retentionRoutes;
