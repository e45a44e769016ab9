import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { errorResponses } from '../auth/schemas';
import { initiateCall } from './initiate-call';
import { InitiateCallBody, InitiatedCallBody } from './schemas';
import { CallRefusalBody } from '../calling-rules/schemas';

/** Calls placed through the API (`/api/v1/telephony/...`), outside any campaign. */
const telephonyCallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/initiate-call',
    {
      schema: {
        tags: ['telephony'],
        summary: 'Place one outbound call with an agent, without a campaign',
        description:
          "Answers 201 with the run at once, plus Dograh's `message` (`Call initiated`); the call is placed by the " +
          "engine (at most once, durable across worker restarts, within the organization's call limits) and the " +
          'run gets its outcome when the call ' +
          "ends. Without `telephony_configuration_id` the organization's default outbound configuration is used; " +
          'none is 400 `telephony_configuration_not_found`. An archived agent is 409 `workflow_archived`; a number on ' +
          "the organization's do-not-call list is 409 `do_not_call` (nothing is created); " +
          '503 `engine_unavailable` when the engine cannot be reached (nothing is dialed). Outside legal calling hours ' +
          "in the number's zones: 409 `outside_legal_hours`; over a frequency cap (or the number in another call): " +
          '409 `frequency_cap_exceeded`; both with `next_allowed_at`.',
        body: InitiateCallBody,
        response: {
          201: InitiatedCallBody,
          ...errorResponses(400, 401, 403, 503),
          409: CallRefusalBody,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const run = await initiateCall(app.ctx, caller.organizationId, request.body, request.log);
      return reply.status(201).send(run);
    },
  );
};

export default telephonyCallRoutes;
