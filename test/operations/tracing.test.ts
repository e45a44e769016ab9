import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTracing } from '../../observability/tracing';
import { createTestApp, testEnv } from '../helpers/context';

/** An in-process OTLP/HTTP receiver: keeps the JSON bodies POSTed to /v1/traces. */
async function startReceiver(): Promise<{ url: string; bodies: unknown[]; close(): void }> {
  const bodies: unknown[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => server.close(),
  };
}

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

function spansOf(bodies: unknown[]): OtlpSpan[] {
  return (bodies as Array<{ resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> }>).flatMap(
    (body) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
  );
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

describe('OpenTelemetry tracing', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it('exports nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const config = loadConfig(testEnv());
    expect(config.observability.otlpTracesUrl).toBeNull();
    expect(startTracing(config, 'api')).toBeNull();
    const api = await createTestApp();
    await api.app.inject({ method: 'GET', url: '/api/v1/livez' });
    await api.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.bodies).toEqual([]);
  });

  it('an API request becomes a server span, child of the caller traceparent, exported over OTLP/HTTP', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'vac-test-api' };
    const config = loadConfig(testEnv(env));
    expect(config.observability.otlpTracesUrl).toBe(`${receiver.url}/v1/traces`);
    const tracing = startTracing(config, 'api');
    expect(tracing).not.toBeNull();
    const api = await createTestApp(env);
    const response = await api.app.inject({
      method: 'GET',
      url: '/api/v1/campaign/42',
      headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(response.statusCode).toBe(401);
    await api.close();
    await tracing!.shutdown(); // flushes the batch

    const span = spansOf(receiver.bodies).find((s) => s.name === 'GET /api/v1/campaign/:campaign_id');
    expect(span).toBeDefined();
    expect(span!.traceId).toBe(TRACE_ID);
    expect(span!.parentSpanId).toBe(PARENT_ID);
    expect(span!.kind).toBe(2); // SERVER
    const attributes = Object.fromEntries(span!.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
    expect(attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/campaign/:campaign_id',
      'url.path': '/api/v1/campaign/42',
    });
    expect(Number(attributes['http.response.status_code'])).toBe(401);
    const serviceNames = (receiver.bodies as Array<{ resourceSpans: Array<{ resource: OtlpSpan }> }>).flatMap(
      (b) => b.resourceSpans.flatMap((r) => r.resource.attributes.filter((a) => a.key === 'service.name')),
    );
    expect(serviceNames.map((a) => a.value.stringValue)).toContain('vac-test-api');
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(() => loadConfig(testEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }))).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    );
  });
});
