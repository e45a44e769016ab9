import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { notFound } from '../../errors';
import { presentCampaign } from '../../../campaigns/serialize';
import { latestCampaignLogs } from '../../../db/repositories/campaign-logs';
import { findCampaignView } from '../../../db/repositories/campaigns';
import { CampaignBody, CampaignParams, errorResponses } from '../campaigns/schemas';
import { campaignProgress } from './progress';
import { SHARED_READ_MAX_AGE_MS, SharedReads, wantsFresh } from '../../shared-reads';
import { redialCampaign } from './redial';
import { ProgressBody, RedialBody } from './schemas';

const tags = ['campaigns'];

/** Campaign operations under `/api/v1/campaign`: progress and redial, beside the campaign resource routes. */
const campaignOperationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const progressReads = new SharedReads<Awaited<ReturnType<typeof campaignProgress>>>(SHARED_READ_MAX_AGE_MS);

  app.get(
    '/:campaign_id/progress',
    {
      schema: {
        tags,
        summary: "A campaign's progress: counts, outcomes, calls in flight, next window and ETA",
        description:
          'Shared for up to a second between requests (docs/api.md, "Shared reads"); the state is always current. ' +
          'Send `Cache-Control: no-cache` for figures read afresh.',
        params: CampaignParams,
        response: { 200: ProgressBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const campaign = await findCampaignView(
        db,
        callerOf(request).organizationId,
        request.params.campaign_id,
      );
      if (!campaign) throw notFound('campaign');
      // Shared for a second; the campaign's state and settings (updated_at) are never stale.
      const version = `${campaign.state}|${campaign.updated_at.getTime()}`;
      return progressReads.read(String(campaign.id), version, wantsFresh(request.headers), () =>
        campaignProgress(
          {
            db,
            storage: ctx.storage,
            defaultPhoneRegion: ctx.config.defaultPhoneRegion,
            logger: ctx.logger.child({ request_id: request.id }),
          },
          campaign,
        ),
      );
    },
  );

  app.post(
    '/:campaign_id/redial',
    {
      schema: {
        tags,
        summary: 'Create a campaign that redials the contacts of a completed campaign by last outcome',
        description:
          'The new campaign starts in `created` with the parent’s agent, configuration and settings, over the ' +
          'contacts whose last outcome the `retry_on_*` flags pick; `retry_config` merges onto the parent’s. 409 ' +
          '`invalid_state_transition` unless the parent is completed; 409 `campaign_already_redialed` the second time.',
        params: CampaignParams,
        body: RedialBody,
        response: { 201: CampaignBody, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const organizationId = callerOf(request).organizationId;
      const childId = await redialCampaign(app.ctx, organizationId, request.params.campaign_id, request.body);
      const child = await findCampaignView(db, organizationId, childId);
      if (!child) throw notFound('campaign');
      return reply.status(201).send(presentCampaign(child, await latestCampaignLogs(db, childId, 100)));
    },
  );
};

export default campaignOperationRoutes;
