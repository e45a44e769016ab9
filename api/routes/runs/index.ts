import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listRuns } from '../../../db/repositories/runs';
import { callerOf } from '../../plugins/authenticate';
import { RunListQuerystring, toRunListQuery } from './list-query';
import { RunListEnvelope, toRunListEnvelope } from './run-views';

/** `GET /organizations/usage/runs`: the organization's runs of every agent, filtered and paged, with totals. */
const runsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['runs'],
        summary: 'List the runs of the organization (newest first) with totals over the filtered set',
        querystring: RunListQuerystring,
        response: { 200: RunListEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const page = await listRuns(app.ctx.db, caller.organizationId, toRunListQuery(request.query));
      return toRunListEnvelope(page, request.query);
    },
  );
};

export default runsRoutes;
