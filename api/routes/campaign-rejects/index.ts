/**
 * `GET /campaign/{id}/rejected-rows` and `…/rejected-rows/csv`: the rows of a campaign's contact list that its import
 * set aside, invalid or duplicate, each with its reason in words (domain/reject-reasons.ts) and the row as read.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  contactRejectColumns,
  eachContactReject,
  pageContactRejects,
} from '../../../db/repositories/contact-rejects';
import { csvLine } from '../../../domain/do-not-call-csv';
import { rejectReasonText } from '../../../domain/reject-reasons';
import { callerOf } from '../../plugins/authenticate';
import { loadCampaign } from '../campaigns/control';
import { CampaignParams, errorResponses, LogsQuery } from '../campaigns/schemas';

const RejectedRow = Type.Object({
  row_number: Type.Integer({ description: 'The row of the file (the header is row 0).' }),
  reason: Type.String({ description: 'The code: duplicate, invalid_phone_number, invalid_timezone, …' }),
  message: Type.String({ description: 'The reason in words.' }),
  row: Type.Record(Type.String(), Type.Unknown(), { description: 'The row as read: column → cell.' }),
});

const RejectedRowsPage = Type.Object({
  rows: Type.Array(RejectedRow),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_count: Type.Integer(),
  total_pages: Type.Integer(),
});

const tags = ['campaigns'];

const campaignRejectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/:campaign_id/rejected-rows',
    {
      schema: {
        tags,
        summary: "The rows the campaign's import set aside (invalid or duplicate), with their reasons",
        params: CampaignParams,
        querystring: LogsQuery,
        response: { 200: RejectedRowsPage, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(ctx, callerOf(request).organizationId, request.params.campaign_id);
      const { page, limit } = request.query;
      const { rows, total } = await pageContactRejects(ctx.db, campaign.id, {
        offset: (page - 1) * limit,
        limit,
      });
      return {
        rows: rows.map((row) => ({
          row_number: row.row_number,
          reason: row.reason,
          message: rejectReasonText(row.reason),
          row: row.raw ?? {},
        })),
        page,
        limit,
        total_count: total,
        total_pages: Math.ceil(total / limit),
      };
    },
  );

  app.get(
    '/:campaign_id/rejected-rows/csv',
    {
      schema: {
        tags,
        summary: "Download the rows the campaign's import set aside as CSV",
        description:
          'Columns `row_number`, `reason`, `message`, then the columns of the rows as read (sorted by name). ' +
          'Cells are safe to open in a spreadsheet (a cell starting with =, +, -, @, tab or carriage return gets ' +
          'a leading apostrophe).',
        params: CampaignParams,
        response: {
          200: Type.Unsafe<Readable>({
            description: 'The set-aside rows as CSV.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const campaign = await loadCampaign(ctx, callerOf(request).organizationId, request.params.campaign_id);
      const columns = await contactRejectColumns(ctx.db, campaign.id);
      async function* lines() {
        yield csvLine(['row_number', 'reason', 'message', ...columns]);
        for await (const reject of eachContactReject(ctx.db, campaign.id)) {
          const row = (reject.raw ?? {}) as Record<string, unknown>;
          yield csvLine([
            reject.row_number,
            reject.reason,
            rejectReasonText(reject.reason),
            ...columns.map((column) => cellOf(row[column])),
          ]);
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${campaign.id}-rejected-rows.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines()));
    },
  );
};

const cellOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

export default campaignRejectsRoutes;
