import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getRun, listRuns } from '../../../db/repositories/runs';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { RunListQuerystring, toRunListQuery } from '../runs/list-query';
import { RunDetailSchema, RunListEnvelope, toRunDetail, toRunListEnvelope } from '../runs/run-views';

const Id = Type.Integer({ minimum: 1 });

/** `GET /workflow/{workflow_id}/runs[/{run_id}]`: one agent's runs and a run's detail. */
const agentRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:workflow_id/runs',
    {
      schema: {
        tags: ['runs'],
        summary: "List one agent's runs (same filters, paging and totals as the organization list)",
        params: Type.Object({ workflow_id: Id }),
        querystring: RunListQuerystring,
        response: { 200: RunListEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const agent = await app.ctx.db
        .selectFrom('agents')
        .select('id')
        .where('organization_id', '=', caller.organizationId)
        .where('id', '=', request.params.workflow_id)
        .executeTakeFirst();
      if (!agent) throw notFound('agent');
      const query = toRunListQuery(request.query, agent.id);
      const page = await listRuns(app.ctx.db, caller.organizationId, query);
      return toRunListEnvelope(page, request.query);
    },
  );

  app.get(
    '/:workflow_id/runs/:run_id',
    {
      schema: {
        tags: ['runs'],
        summary: 'Get one run of an agent',
        params: Type.Object({ workflow_id: Id, run_id: Id }),
        response: { 200: RunDetailSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workflow_id, run_id } = request.params;
      const run = await getRun(app.ctx.db, caller.organizationId, workflow_id, run_id);
      if (!run) throw notFound('run');
      return toRunDetail(run);
    },
  );
};

export default agentRunsRoutes;
