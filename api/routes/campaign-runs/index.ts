import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCampaignView } from '../../../db/repositories/campaigns';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { CampaignParams, errorResponses } from '../campaigns/schemas';
import { runWithStateListEnvelope } from '../runs/list-envelope';
import { RunListQuerystring, toRunListQuery } from '../runs/list-query';
import { RunWithStateListEnvelope } from '../runs/run-views';

/**
 * `GET /campaign/{campaign_id}/runs` (Dograh's UI client calls it): the runs of one campaign, in the organization
 * runs list's envelope, with its dates, filters, paging and totals. Another organization's campaign: 404.
 */
const campaignRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:campaign_id/runs',
    {
      schema: {
        tags: ['campaigns', 'runs'],
        summary: "List one campaign's runs (same filters, paging and totals as the organization list)",
        params: CampaignParams,
        querystring: RunListQuerystring,
        response: { 200: RunWithStateListEnvelope, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const campaignId = request.params.campaign_id;
      if (!(await findCampaignView(app.ctx.db, organizationId, campaignId))) throw notFound('campaign');
      const query = toRunListQuery(request.query);
      query.filters.push({ attribute: 'campaignId', value: campaignId });
      return runWithStateListEnvelope(app.ctx, organizationId, query);
    },
  );
};

export default campaignRunsRoutes;
