/**
 * OpenTelemetry tracing, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). On, the process registers a global tracer provider that batches spans to the
 * OTLP/HTTP exporter; the HTTP hooks (api/plugins/observability.ts) and the Temporal interceptors (observability/temporal.ts)
 * use it. The exporter itself still reads the other standard variables (OTEL_EXPORTER_OTLP_HEADERS, timeouts).
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Config } from '../config';

/** A started tracer provider: its span processor and resource (the worker's workflow sink needs both). */
export interface Tracing {
  readonly spanProcessor: SpanProcessor;
  readonly resource: Resource;
  /** Exports the spans still buffered, then stops; call once while shutting down. */
  shutdown(): Promise<void>;
}

/** The process roles, as the default `service.name`. */
export type ServiceRole = 'api' | 'worker';

/**
 * Starts tracing for this process when configured, registering the global tracer provider, the W3C trace-context
 * propagator and the async context manager; null (and nothing registered) when no OTLP endpoint is set.
 */
export function startTracing(
  config: Pick<Config, 'observability' | 'version'>,
  role: ServiceRole,
): Tracing | null {
  const url = config.observability.otlpTracesUrl;
  if (url === null) return null;
  const resource = new Resource({
    [ATTR_SERVICE_NAME]: config.observability.serviceName ?? `voice-agent-calling-${role}`,
    [ATTR_SERVICE_VERSION]: config.version,
  });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter({ url }), {
    scheduledDelayMillis: 1000,
  });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  return {
    spanProcessor,
    resource,
    shutdown: () => provider.shutdown(),
  };
}
