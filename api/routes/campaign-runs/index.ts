import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCampaignView } from '../../../db/repositories/campaigns';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { SHARED_READ_MAX_AGE_MS, SharedReads, wantsFresh } from '../../shared-reads';
import { CampaignParams, errorResponses } from '../campaigns/schemas';
import { runWithStateListEnvelope } from '../runs/list-envelope';
import { RunListQuerystring, toRunListQuery } from '../runs/list-query';
import { RunWithStateListEnvelope } from '../runs/run-views';

/**
 * `GET /campaign/{campaign_id}/runs` (Dograh's UI client calls it): the runs of one campaign, in the organization
 * runs list's envelope, with its dates, filters, paging and totals. Another organization's campaign: 404.
 */
const campaignRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pages = new SharedReads<Awaited<ReturnType<typeof runWithStateListEnvelope>>>(SHARED_READ_MAX_AGE_MS);
  app.get(
    '/:campaign_id/runs',
    {
      schema: {
        tags: ['campaigns', 'runs'],
        summary: "List one campaign's runs (same filters, paging and totals as the organization list)",
        description:
          'Shared for up to a second between requests for the same page and filters (docs/api.md, "Shared reads"). ' +
          'Send `Cache-Control: no-cache` for a page read afresh.',
        params: CampaignParams,
        querystring: RunListQuerystring,
        response: { 200: RunWithStateListEnvelope, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const campaignId = request.params.campaign_id;
      if (!(await findCampaignView(app.ctx.db, organizationId, campaignId))) throw notFound('campaign');
      // Shared for a second between the organization's requests of the same page and filters.
      return pages.read(`${organizationId}|${request.url}`, '', wantsFresh(request.headers), () => {
        const query = toRunListQuery(request.query);
        query.filters.push({ attribute: 'campaignId', value: campaignId });
        return runWithStateListEnvelope(app.ctx, organizationId, query);
      });
    },
  );
};

export default campaignRunsRoutes;
