import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ARTIFACT_COLUMNS, ARTIFACTS, type ArtifactName } from '../../../artifacts/artifact-keys';
import { verifyPublicToken } from '../../../artifacts/public-tokens';
import { findOrganizationRun } from '../../../db/repositories/runs';
import { ObjectNotFoundError } from '../../../storage/object-storage';
import { HttpError } from '../../errors';

const Params = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  artifact: Type.Union(ARTIFACTS.map((a) => Type.Literal(a))),
});

const FILE_EXTENSIONS: Record<ArtifactName, string> = {
  transcript: 'json',
  recording: 'wav',
  user_recording: 'wav',
  bot_recording: 'wav',
};

// One answer for a bad token, an expired one, a missing run and a missing artifact: a link reveals nothing.
const gone = () =>
  new HttpError(404, 'artifact_not_found', 'This link is invalid, has expired, or has no such file.');

/** `GET /public/download/workflow/{token}/{artifact}`: a run's transcript or recordings, by expiring public token. */
const publicDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage, config } = app.ctx;

  app.get(
    '/:token/:artifact',
    {
      config: { public: true },
      schema: {
        tags: ['runs'],
        summary: "Download a run's artifact through its public link (no credentials; the token expires)",
        description:
          'The file itself (transcript: JSON). 404 `artifact_not_found` for an invalid or expired token.',
        security: [],
        params: Params,
      },
    },
    async (request, reply) => {
      const { token, artifact } = request.params;
      const claims = verifyPublicToken(config, token);
      if (!claims) throw gone();
      const run = await findOrganizationRun(db, claims.organizationId, claims.runId);
      const key = run?.[ARTIFACT_COLUMNS[artifact]];
      if (!run || !key) throw gone();
      try {
        const head = await storage.headObject(key);
        if (!head) throw gone();
        const body = await storage.getObjectStream(key);
        return reply
          .header(
            'content-type',
            artifact === 'transcript' ? 'application/json' : (head.contentType ?? 'audio/wav'),
          )
          .header('content-length', head.size)
          .header(
            'content-disposition',
            `inline; filename="run-${run.id}-${artifact}.${FILE_EXTENSIONS[artifact]}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(body);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw gone();
        throw error;
      }
    },
  );
};

export default publicDownloadRoutes;
