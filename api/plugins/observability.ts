/**
 * The API's HTTP observability, registered by `buildApp`: the request-duration histogram and `GET /metrics` when
 * METRICS_TOKEN is set, and a server span per request when tracing is on. Off, nothing is registered.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokensMatch } from '../../credentials/tokens';
import { HttpError } from '../errors';
import { collectProcessMetrics, observeHttpRequest, renderMetrics } from '../../observability/metrics';

/** Where the API serves Prometheus metrics (outside /api/v1: it is for the scraper, not API clients). */
export const METRICS_PATH = '/metrics';

/** Registers the metrics hook and route, and the tracing hooks, as the app's configuration asks. */
export function registerHttpObservability(app: FastifyInstance): void {
  const { metricsToken, otlpTracesUrl } = app.ctx.config.observability;
  if (metricsToken !== null) registerMetrics(app, metricsToken);
  if (otlpTracesUrl !== null) registerServerSpans(app);
}

function routeOf(request: FastifyRequest): string {
  // The route's template, never the raw URL: ids and tokens in paths would make every request its own series.
  return request.routeOptions.url ?? 'unmatched';
}

function registerMetrics(app: FastifyInstance, token: string): void {
  collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) => {
    observeHttpRequest(
      { method: request.method, route: routeOf(request), statusCode: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { public: true }, logLevel: 'warn' },
    async (request, reply) => {
      const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!tokensMatch(presented, token)) {
        throw new HttpError(
          401,
          'not_authenticated',
          'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.',
          {
            'www-authenticate': 'Bearer',
          },
        );
      }
      const { contentType, body } = await renderMetrics();
      return reply.type(contentType).send(body);
    },
  );
}

const spans = new WeakMap<FastifyRequest, Span>();

function registerServerSpans(app: FastifyInstance): void {
  const tracer = trace.getTracer('voice-agent-calling-http');
  app.addHook('onRequest', (request, _reply, done) => {
    // The caller's W3C traceparent (if any) is the span's parent.
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_URL_PATH]: request.url.split('?')[0],
        },
      },
      parent,
    );
    spans.set(request, span);
    done();
  });
  // The handler runs inside the span's context, so the Temporal client's spans (workflow starts, signals) are its
  // children. preHandler, not onRequest: the body is parsed by then, outside any context set earlier.
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = routeOf(request);
    span.updateName(`${request.method} ${route}`);
    span.setAttributes({ [ATTR_HTTP_ROUTE]: route, [ATTR_HTTP_RESPONSE_STATUS_CODE]: reply.statusCode });
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
