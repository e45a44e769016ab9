/** `DELETE /workflow/{workflow_id}/runs/{run_id}`: a finished run with its transcript and recordings. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { runArtifactsPrefix } from '../../../artifacts/artifact-keys';
import { deleteRunRow, lockRunForDeletion } from '../../../db/repositories/data-deletion';
import { conflict, notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { Id } from '../common-schemas';
import { countsOf, deleteWithObjects } from './deletion-transaction';
import { ErrorBody, RunDeletion } from './schemas';

const runDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.delete(
    '/:workflow_id/runs/:run_id',
    {
      schema: {
        tags: ['runs'],
        summary: 'Delete a finished run of an agent with its transcript and recordings',
        params: Type.Object({ workflow_id: Id(), run_id: Id() }),
        response: { 200: RunDeletion, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { workflow_id: agentId, run_id: runId } = request.params;
      const deleted = await deleteWithObjects(ctx, organizationId, async (trx) => {
        const run = await lockRunForDeletion(trx, organizationId, agentId, runId);
        if (!run) throw notFound('run');
        if (!run.is_completed)
          throw conflict('run_in_progress', 'The run is in progress; delete it once it has completed.');
        const rows = await deleteRunRow(trx, organizationId, runId);
        // The run's folder: its listed artifacts and anything written there without a key (a recording cut short).
        return { result: rows, objects: { prefixes: [runArtifactsPrefix(organizationId, runId)] } };
      });
      request.log.info({ run_id: runId }, 'run deleted');
      return { id: runId, deleted: countsOf(deleted) };
    },
  );
};

export default runDeletionRoutes;
