import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { runListEnvelope } from './list-envelope';
import { RunListQuerystring, toRunListQuery } from './list-query';
import { RunListEnvelope } from './run-views';

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
    async (request) =>
      runListEnvelope(app.ctx, callerOf(request).organizationId, toRunListQuery(request.query)),
  );
};

export default runsRoutes;
