import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { SHARED_READ_MAX_AGE_MS, SharedReads, wantsFresh } from '../../shared-reads';
import { runListEnvelope } from './list-envelope';
import { RunListQuerystring, toRunListQuery } from './list-query';
import { RunListEnvelope } from './run-views';

/** `GET /organizations/usage/runs`: the organization's runs of every agent, filtered and paged, with totals. */
const runsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pages = new SharedReads<Awaited<ReturnType<typeof runListEnvelope>>>(SHARED_READ_MAX_AGE_MS);
  app.get(
    '/',
    {
      schema: {
        tags: ['runs'],
        summary: 'List the runs of the organization (newest first) with totals over the filtered set',
        description:
          'Shared for up to a second between requests for the same page and filters (docs/api.md, "Shared reads"). ' +
          'Send `Cache-Control: no-cache` for a page read afresh.',
        querystring: RunListQuerystring,
        response: { 200: RunListEnvelope },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      // Shared for a second between the organization's requests of the same page and filters.
      return pages.read(`${organizationId}|${request.url}`, '', wantsFresh(request.headers), () =>
        runListEnvelope(app.ctx, organizationId, toRunListQuery(request.query)),
      );
    },
  );
};

export default runsRoutes;
