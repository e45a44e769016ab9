import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readPreCallFetchOutcome } from '../../../db/repositories/pre-call-fetches';
import { artifactLinks } from '../../../artifacts/run-links';
import { callerOf } from '../../plugins/authenticate';
import { errorResponses } from '../auth/schemas';
import { toRunDetail } from '../runs/run-views';
import {
  MessageBody,
  MessageReplyBody,
  presentConversation,
  RunParams,
  StartTextchatBody,
  TextchatRunBody,
  AgentParams,
} from './schemas';
import {
  endTextchat,
  sendTextchatMessage,
  startTextchat,
  type TextchatDeps,
  type TextchatOutcome,
} from './textchat-service';

const tags = ['runs'];

/** Text mode under `/workflow/{id}/runs`: talk to an agent in text; the run records the conversation. */
const textchatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: TextchatDeps = app.ctx;
  const runView = async (outcome: TextchatOutcome, organizationId: number) => ({
    ...toRunDetail(
      outcome.run,
      await artifactLinks(outcome.run, organizationId, app.ctx),
      await readPreCallFetchOutcome(app.ctx.db, outcome.run.id),
    ),
    conversation: presentConversation(outcome.state, outcome.definition),
  });

  app.post(
    '/:workflow_id/runs',
    {
      schema: {
        tags,
        summary: 'Start a text conversation with an agent (mode textchat); the agent greets first',
        params: AgentParams,
        body: StartTextchatBody,
        response: { 201: TextchatRunBody, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const outcome = await startTextchat(
        deps,
        caller.organizationId,
        request.params.workflow_id,
        request.body,
      );
      return reply.status(201).send(await runView(outcome, caller.organizationId));
    },
  );

  app.post(
    '/:workflow_id/runs/:run_id/messages',
    {
      schema: {
        tags,
        summary: "Send the user's message; answers with the agent's reply",
        description:
          'Reaching an endCall, the turn limit or the duration limit ends the conversation (status `ended`); ' +
          'an LLM failure ends it with disposition `llm_error`. A message to an ended run is 409 `run_ended`.',
        params: RunParams,
        body: MessageBody,
        response: { 200: MessageReplyBody, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workflow_id, run_id } = request.params;
      const outcome = await sendTextchatMessage(
        deps,
        caller.organizationId,
        workflow_id,
        run_id,
        request.body.content,
      );
      const last = outcome.state.turns.at(-1);
      return {
        reply: last?.role === 'agent' ? last.content : null,
        conversation: presentConversation(outcome.state, outcome.definition),
      };
    },
  );

  app.post(
    '/:workflow_id/runs/:run_id/end',
    {
      schema: {
        tags,
        summary: 'End a text conversation: transcript stored, context gathered, usage and cost recorded',
        params: RunParams,
        response: { 200: TextchatRunBody, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workflow_id, run_id } = request.params;
      const outcome = await endTextchat(deps, caller.organizationId, workflow_id, run_id);
      return runView(outcome, caller.organizationId);
    },
  );
};

export default textchatRoutes;
