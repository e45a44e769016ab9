import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { checkDependencies } from './dependency-checks';

const DependencyStatus = Type.String({ description: '`ok`, or why the dependency is unavailable.' });

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  backend_api_endpoint: Type.String(),
  deployment_mode: Type.String(),
  auth_provider: Type.String(),
  turn_enabled: Type.Boolean({
    description:
      "Dograh's: a TURN server for browser (WebRTC) calls. false: this service has no WebRTC calls.",
  }),
  force_turn_relay: Type.Boolean({
    description: "Dograh's: browser calls relayed through TURN; false, as above.",
  }),
  signup_enabled: Type.Boolean({
    description:
      "Dograh's: open signup (SIGNUP_ENABLED); when false, only an empty install's first signup is taken.",
  }),
  dependencies: Type.Object({
    database: DependencyStatus,
    temporal: DependencyStatus,
    storage: DependencyStatus,
  }),
});

/** Health: no credentials; 200 `ok` when every dependency answers, 503 `degraded` otherwise. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { public: true },
      // Probes call this every few seconds: their request lines would drown the log at `info`.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Service health and its dependencies',
        description: 'Checks the database, Temporal and object storage in parallel with short timeouts.',
        security: [],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const { config } = app.ctx;
      const dependencies = await checkDependencies(app.ctx);
      const healthy = Object.values(dependencies).every((value) => value === 'ok');
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        version: config.version,
        backend_api_endpoint: config.http.publicBaseUrl,
        deployment_mode: config.deploymentMode,
        auth_provider: config.auth.provider,
        // No WebRTC transport here (calls reach the agent through the telephony providers' media streams).
        turn_enabled: false,
        force_turn_relay: false,
        signup_enabled: config.security.signupEnabled,
        dependencies,
      });
    },
  );
};

export default healthRoutes;
