import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readPreCallFetchOutcome } from '../../../db/repositories/pre-call-fetches';
import { Type } from '@sinclair/typebox';
import { artifactLinks } from '../../../artifacts/run-links';
import { findAgentStatus } from '../../../db/repositories/phone-numbers';
import { findRunContext, getRun } from '../../../db/repositories/runs';
import { notFound } from '../../errors';
import { Id } from '../common-schemas';
import { callerOf } from '../../plugins/authenticate';
import { RunListQuerystring, toRunListQuery } from '../runs/list-query';
import { runWithStateListEnvelope } from '../runs/list-envelope';
import { explainRun } from '../runs/run-explanation';
import { RunDetailSchema, RunWithStateListEnvelope, toRunDetail } from '../runs/run-views';

/** `GET /workflow/{workflow_id}/runs[/{run_id}]`: one agent's runs and a run's detail. */
const agentRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:workflow_id/runs',
    {
      schema: {
        tags: ['runs'],
        summary: "List one agent's runs (same filters, paging and totals as the organization list)",
        params: Type.Object({ workflow_id: Id() }),
        querystring: RunListQuerystring,
        response: { 200: RunWithStateListEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const agentId = request.params.workflow_id;
      if (!(await findAgentStatus(app.ctx.db, caller.organizationId, agentId))) throw notFound('agent');
      return runWithStateListEnvelope(app.ctx, caller.organizationId, toRunListQuery(request.query, agentId));
    },
  );

  app.get(
    '/:workflow_id/runs/:run_id',
    {
      schema: {
        tags: ['runs'],
        summary: 'Get one run of an agent, with fresh public links to its artifacts',
        params: Type.Object({ workflow_id: Id(), run_id: Id() }),
        response: { 200: RunDetailSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workflow_id: agentId, run_id } = request.params;
      const run = await getRun(app.ctx.db, caller.organizationId, agentId, run_id);
      if (!run) throw notFound('run');
      // A fresh public token on every read of the detail (the contract), valid PUBLIC_LINK_TTL_SECONDS.
      const [links, preCallFetch, context] = await Promise.all([
        artifactLinks(run, caller.organizationId, app.ctx),
        readPreCallFetchOutcome(app.ctx.db, run.id),
        findRunContext(app.ctx.db, run.id),
      ]);
      const explanation = explainRun({
        run,
        workflowDefinition: context.workflowDefinition,
        llmConfigured: app.ctx.config.llm !== null,
      });
      return toRunDetail(run, links, preCallFetch, { contact: context.contact, explanation });
    },
  );
};

export default agentRunsRoutes;
