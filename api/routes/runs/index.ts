import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { artifactLinks } from '../../../artifacts/run-links';
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
      const links = await Promise.all(
        page.runs.map((run) => artifactLinks(run, caller.organizationId, app.ctx)),
      );
      return toRunListEnvelope(page, request.query, links);
    },
  );
};

export default runsRoutes;
