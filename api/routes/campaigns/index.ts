import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { presentCampaign, presentLog } from '../../../campaigns/serialize';
import { latestCampaignLogs, pageCampaignLogs } from '../../../db/repositories/campaign-logs';
import { listCampaignViews } from '../../../db/repositories/campaigns';
import { createCampaign } from './create';
import { loadCampaign, pauseCampaign, resumeCampaign, startCampaign, tellEngine } from './control';
import { updateCampaign } from './update';
import {
  CampaignBody,
  CampaignListBody,
  CampaignParams,
  CreateCampaignBody,
  errorResponses,
  LogsPageBody,
  LogsQuery,
  UpdateCampaignBody,
} from './schemas';

const tags = ['campaigns'];

/** Campaigns (`/api/v1/campaign`): create, read, start, pause, resume, update and their logs, per organization. */
const campaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  /** The campaign as stored now, with its latest 100 log entries. */
  async function reply(organizationId: number, campaignId: number) {
    const campaign = await loadCampaign(ctx, organizationId, campaignId);
    return presentCampaign(campaign, await latestCampaignLogs(ctx.db, campaignId, 100));
  }

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create a campaign over an uploaded contacts CSV',
        description:
          'The campaign starts in `created`. `time_slots` + `timezone` is the short form of `schedule_config`; ' +
          'settings not sent take their defaults.',
        body: CreateCampaignBody,
        response: { 201: CampaignBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, response) => {
      const caller = callerOf(request);
      const id = await createCampaign(ctx, caller.organizationId, request.body);
      return response.status(201).send(await reply(caller.organizationId, id));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "List the organization's campaigns",
        response: { 200: CampaignListBody, ...errorResponses(401) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const campaigns = await listCampaignViews(ctx.db, caller.organizationId);
      return { campaigns: campaigns.map((campaign) => presentCampaign(campaign)) };
    },
  );

  app.get(
    '/:campaign_id',
    {
      schema: {
        tags,
        summary: 'Get a campaign with its latest 100 log entries',
        params: CampaignParams,
        response: { 200: CampaignBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => reply(callerOf(request).organizationId, request.params.campaign_id),
  );

  app.get(
    '/:campaign_id/logs',
    {
      schema: {
        tags,
        summary: "Page through a campaign's log, newest first",
        params: CampaignParams,
        querystring: LogsQuery,
        response: { 200: LogsPageBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const campaign = await loadCampaign(ctx, caller.organizationId, request.params.campaign_id);
      const { page, limit } = request.query;
      const { logs, total } = await pageCampaignLogs(ctx.db, campaign.id, { page, limit });
      return {
        logs: logs.map((entry) => presentLog(entry)),
        page,
        limit,
        total_count: total,
        total_pages: Math.ceil(total / limit),
      };
    },
  );

  const transitions = [
    ['start', 'Start a campaign in created: it imports its contacts, then dials', startCampaign],
    ['pause', 'Pause a running or syncing campaign; calls in flight finish', pauseCampaign],
    ['resume', 'Resume a paused campaign where it left off', resumeCampaign],
  ] as const;
  for (const [action, summary, apply] of transitions) {
    app.post(
      `/:campaign_id/${action}`,
      {
        schema: {
          tags,
          summary,
          description: 'Any other state answers 409 `invalid_state_transition`.',
          params: CampaignParams,
          response: { 200: CampaignBody, ...errorResponses(401, 403, 404, 409, 503) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await apply(ctx, caller.organizationId, request.params.campaign_id, request.log);
        return reply(caller.organizationId, request.params.campaign_id);
      },
    );
  }

  app.patch(
    '/:campaign_id',
    {
      schema: {
        tags,
        summary: "Change a campaign's name or settings",
        description:
          '`retry_config`, `circuit_breaker` and `schedule_config` merge onto the stored values; `time_slots` replaces ' +
          'the slots. A running campaign picks the change up within a second. 409 on completed or failed campaigns.',
        params: CampaignParams,
        body: UpdateCampaignBody,
        response: { 200: CampaignBody, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const campaignId = request.params.campaign_id;
      if (await updateCampaign(ctx, caller.organizationId, campaignId, request.body)) {
        await tellEngine(ctx, campaignId, 'settings_updated', request.log);
      }
      return reply(caller.organizationId, campaignId);
    },
  );
};

export default campaignRoutes;
