import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isShuttingDown } from '../../shutdown-state';
import { checkDependencies } from '../health/dependency-checks';

const LiveResponse = Type.Object({ status: Type.Literal('ok') });

const DependencyStatus = Type.String({ description: '`ok`, or why the dependency is unavailable.' });
const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready'), Type.Literal('shutting_down')]),
  dependencies: Type.Optional(Type.Object({ database: DependencyStatus, temporal: DependencyStatus })),
});

// Probes run every few seconds: their request lines would drown the log at `info`.
const probeOptions = { config: { public: true }, logLevel: 'warn' } as const;

/**
 * Kubernetes-style probes. `/livez`: the process answers (a wedged event loop answers nothing, and the probe times
 * out). `/readyz`: the database and Temporal answer and the process is not shutting down. Storage is left out on
 * purpose: an object-store blip must not take every API replica out of the load balancer.
 */
const probeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/livez',
    {
      ...probeOptions,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        security: [],
        response: { 200: LiveResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      ...probeOptions,
      schema: {
        tags: ['health'],
        summary: 'Readiness: database and Temporal reachable, not shutting down',
        description:
          '503 while a dependency is unavailable, and from the moment the process begins shutting down.',
        security: [],
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      if (isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' });
      const dependencies = await checkDependencies(app.ctx, ['database', 'temporal']);
      const ready = dependencies.database === 'ok' && dependencies.temporal === 'ok';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        dependencies,
      });
    },
  );
};

export default probeRoutes;
