/** `GET|PUT /organizations/calling-rules`: legal calling hours and frequency caps of the caller's organization. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyCallingRules } from '../../../client/calling-rules';
import { getCallingRules } from '../../../db/repositories/calling-rules';
import { mergeCallingRules } from '../../../domain/calling-rules';
import { validationError } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { CallingRules, CallingRulesUpdate, ErrorBody } from './schemas';

const callingRulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/',
    {
      schema: {
        tags: ['calling safety'],
        summary:
          "The organization's calling rules (defaults when never changed: legal hours 08:00-21:00, no caps)",
        response: { 200: CallingRules },
      },
    },
    async (request) => getCallingRules(db, callerOf(request).organizationId),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['calling safety'],
        summary:
          'Change calling rules (given fields only); contacts waiting for legal hours are judged again at once',
        body: CallingRulesUpdate,
        response: { 200: CallingRules, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const merged = mergeCallingRules(await getCallingRules(db, organizationId), request.body);
      if ('issues' in merged)
        throw validationError(merged.issues.map((issue) => ({ ...issue, type: 'value_error' })));
      const applied = await applyCallingRules(db, app.ctx.temporal, organizationId, merged.rules);
      request.log.info(
        {
          organization_id: organizationId,
          rules: applied.rules,
          released_contacts: applied.released,
          campaign_ids: applied.campaignIds,
        },
        'calling rules changed',
      );
      return applied.rules;
    },
  );
};

export default callingRulesRoutes;
