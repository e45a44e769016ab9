import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { randomUUID } from 'node:crypto';
import { API_PREFIX, DOCS_PREFIX, type AppContext } from './context';
import { registerAuthentication } from './plugins/authenticate';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuards } from './plugins/input-guards';
import { RequestLogs } from './plugins/request-logs';
import { schemaController } from './plugins/validators';
import { registerRoutes } from './routes';
import { registerDashboard } from './dashboard';
import { startBackgroundLoops, type BackgroundLoops } from './background';
import { registerHttpObservability } from './plugins/observability';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app from its context; `server.ts` listens, tests inject. */
export async function buildApp(
  ctx: AppContext,
  options: {
    /** false: no background loops on ready (the OpenAPI export reads the routes and touches nothing). */
    backgroundLoops?: boolean;
  } = {},
): Promise<FastifyInstance> {
  const { trustProxy } = ctx.config.security;
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: ctx.config.http.bodyLimitBytes,
    // request.ip (and so the per-address login throttle) honours X-Forwarded-For only from trusted proxies.
    // A hop count trusts that many nearest hops whoever they are; Fastify 5.12 itself trusts none for a number.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    logController: new RequestLogs(),
    // A caller's request id is kept only when it looks like one: it lands on every log line of the request.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    schemaController,
    frameworkErrors,
    clientErrorHandler,
  });

  app.decorate('ctx', ctx);
  registerHttpObservability(app);
  registerErrorHandler(app);
  registerAuthentication(app);
  registerInputGuards(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Voice Agent Calling API',
        version: ctx.config.version,
        description: 'Voice agents, outbound campaigns, telephony configurations, phone numbers and runs.',
      },
      servers: [{ url: ctx.config.http.publicBaseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }, { bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );

  await registerRoutes(app);
  await registerDashboard(app);
  let loops: BackgroundLoops | undefined;
  if (options.backgroundLoops !== false) {
    app.addHook('onReady', async () => {
      loops = startBackgroundLoops(ctx);
    });
  }
  app.addHook('onClose', async () => loops?.stop());
  return app;
}
