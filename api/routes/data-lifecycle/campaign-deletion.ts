/** `DELETE /campaign/{id}`: a campaign with its contacts, attempts, runs and their stored artifacts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { campaignWorkflowRuns } from '../../../client/campaigns';
import { terminateCampaignWorkflow } from '../../../client/data-deletion';
import {
  countCampaignCallsInFlight,
  deleteCampaignRows,
  lockCampaignForDeletion,
} from '../../../db/repositories/data-deletion';
import type { CampaignState } from '../../../db/database';
import { invalidStateTransition, notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { Id } from '../common-schemas';
import { countsOf, deleteWithObjects } from './deletion-transaction';
import { CampaignDeletion, ErrorBody } from './schemas';

/** States a campaign may be deleted in; `paused` only with no call in flight. */
const DELETABLE: readonly CampaignState[] = ['created', 'completed', 'failed', 'paused'];

const campaignDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.delete(
    '/:id',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Delete a campaign with its contacts, attempts, runs and their recordings and transcripts',
        params: Type.Object({ id: Id() }),
        response: { 200: CampaignDeletion, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const campaignId = request.params.id;
      const before = await lockCampaignForDeletion(ctx.db, organizationId, campaignId);
      if (!before) throw notFound('campaign');
      if (!DELETABLE.includes(before.state)) throw inProgress(before.state);
      if (before.state === 'paused') {
        if ((await countCampaignCallsInFlight(ctx.db, campaignId)) > 0) throw callsInFlight();
        // A paused campaign's workflow waits for a resume that will never come.
        await terminateCampaignWorkflow(ctx.temporal, campaignId, 'campaign deleted');
      } else if (before.state !== 'created' && (await campaignWorkflowRuns(ctx.temporal, campaignId))) {
        throw invalidStateTransition('The campaign is finishing; delete it once its workflow has ended.');
      }
      const deleted = await deleteWithObjects(ctx, organizationId, async (trx) => {
        const campaign = await lockCampaignForDeletion(trx, organizationId, campaignId);
        if (!campaign) throw notFound('campaign');
        // Checked again under the row lock: a start or resume may have come in between.
        if (campaign.state !== before.state) throw inProgress(campaign.state);
        if ((await countCampaignCallsInFlight(trx, campaignId)) > 0) throw callsInFlight();
        const rows = await deleteCampaignRows(trx, organizationId, campaign);
        return { result: rows, objects: { keys: rows.objectKeys } };
      });
      request.log.info({ campaign_id: campaignId, ...countsOf(deleted) }, 'campaign deleted');
      return { id: campaignId, deleted: countsOf(deleted) };
    },
  );
};

const inProgress = (state: CampaignState) =>
  invalidStateTransition(
    `A ${state} campaign cannot be deleted; pause it (and wait for its calls) or let it finish first.`,
  );

const callsInFlight = () =>
  invalidStateTransition('The paused campaign still has calls in flight; delete it once they have ended.');

export default campaignDeletionRoutes;
