import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/authenticate';
import { conflict, HttpError, notFound } from '../../errors';
import { campaignForecast, ForecastBusy, ForecastSourceUnreadable } from '../../../campaigns/forecast';
import { findCampaignView } from '../../../db/repositories/campaigns';
import { ValidationErrorBody } from '../agents/schemas';
import { CampaignParams, errorResponses } from '../campaigns/schemas';
import { ForecastBody, ForecastQuery } from './schemas';

/** `GET /campaign/{id}/forecast`: what will happen to a campaign's contacts and when it should finish. */
const campaignForecastRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/:campaign_id/forecast',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A campaign's contacts by what will happen to them, and its expected finish",
        description:
          'Any state. A campaign not started is forecast from its source file, read without importing or dialing: ' +
          'a file over 1 MiB is read in the background and answers 202 with `partial: true` and the counts so far ' +
          'until done. 409 with the import’s reason (`source_not_found`, `source_changed`, `no_phone_number_column`, …) ' +
          'when the file cannot be read as the import would read it.',
        params: CampaignParams,
        querystring: ForecastQuery,
        response: {
          200: ForecastBody,
          202: ForecastBody,
          422: ValidationErrorBody,
          ...errorResponses(401, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const organizationId = callerOf(request).organizationId;
      const campaign = await findCampaignView(ctx.db, organizationId, request.params.campaign_id);
      if (!campaign) throw notFound('campaign');
      try {
        const { holds: _holds, ...forecast } = await campaignForecast(
          {
            db: ctx.db,
            storage: ctx.storage,
            defaultPhoneRegion: ctx.config.defaultPhoneRegion,
            logger: ctx.logger.child({ request_id: request.id }),
          },
          campaign,
          { assumeCallSeconds: request.query.assume_call_seconds ?? null },
        );
        return reply.status(forecast.partial ? 202 : 200).send(forecast);
      } catch (error) {
        if (error instanceof ForecastSourceUnreadable) {
          throw conflict(error.reason, `The campaign's source file cannot be read: ${error.message}.`);
        }
        if (error instanceof ForecastBusy) {
          throw new HttpError(
            503,
            'forecast_busy',
            'Too many source files are being read; try again shortly.',
            {
              'retry-after': '5',
            },
          );
        }
        throw error;
      }
    },
  );
};

export default campaignForecastRoutes;
