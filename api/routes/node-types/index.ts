import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nodeSpecNamed, nodeTypesList } from '../../../agents/node-specs';
import { HttpError } from '../../errors';
import { errorResponses } from '../auth/schemas';
import { NodeSpecBody, NodeTypeParams, NodeTypesBody } from './schemas';

/**
 * `GET /node-types` and `GET /node-types/{name}`: the node specs Dograh's SDK reads to build and check workflows
 * (`Workflow.add`, `loadWorkflow`). Authenticated like every `/api/v1` route (API key or session, `read` scope).
 */
const nodeTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['agents'],
        summary: 'List the node types of agent definitions with their specs',
        description:
          "Dograh's node-spec catalog: `properties` lists every key a node's data may carry. Dograh's SDK checks " +
          'node data against it and throws on any other key.',
        response: { 200: NodeTypesBody, ...errorResponses(401, 403) },
      },
    },
    async () => nodeTypesList(),
  );

  app.get(
    '/:name',
    {
      schema: {
        tags: ['agents'],
        summary: "One node type's spec",
        params: NodeTypeParams,
        response: { 200: NodeSpecBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const spec = nodeSpecNamed(request.params.name);
      if (!spec) {
        request.log.info({ node_type: request.params.name.slice(0, 100) }, 'unknown node type asked for');
        throw new HttpError(404, 'node_type_not_found', `Unknown node type: ${JSON.stringify(request.params.name)}`);
      }
      return spec;
    },
  );
};

export default nodeTypeRoutes;
