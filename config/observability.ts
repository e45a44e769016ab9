import type { EnvReader } from './env-reader';

/** Metrics, tracing and the worker's health port; everything is off until configured. */
export interface ObservabilitySettings {
  /**
   * Bearer token that `GET /metrics` on the API requires (`METRICS_TOKEN` or `METRICS_TOKEN_FILE`, 16+ characters).
   * Null: the API serves no `/metrics` at all, so nothing leaks through a public port by default.
   */
  metricsToken: string | null;
  /** `host:port` of the worker's health port (`/livez`, `/readyz`, `/metrics`); null: off. */
  workerHealthAddress: string | null;
  /** OTLP/HTTP traces URL (`<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); null: off. */
  otlpTracesUrl: string | null;
  /** `OTEL_SERVICE_NAME`; the process's role name (`voice-agent-calling-api`, `-worker`) when unset. */
  serviceName: string | null;
}

const MIN_METRICS_TOKEN_LENGTH = 16;

/** Reads METRICS_TOKEN, WORKER_HEALTH_ADDRESS and the standard OTEL_* variables; bad values go to `problems`. */
export function readObservabilitySettings(read: EnvReader, problems: string[]): ObservabilitySettings {
  const metricsToken = read.secret('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (e.g. openssl rand -hex 24)`,
    );
  }
  return {
    metricsToken:
      metricsToken !== null && metricsToken.length >= MIN_METRICS_TOKEN_LENGTH ? metricsToken : null,
    workerHealthAddress: read.listenAddress('WORKER_HEALTH_ADDRESS'),
    otlpTracesUrl: readTracesUrl(read, problems),
    serviceName: read.opt('OTEL_SERVICE_NAME'),
  };
}

function readTracesUrl(read: EnvReader, problems: string[]): string | null {
  const tracesEndpoint = read.opt('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const baseEndpoint = read.opt('OTEL_EXPORTER_OTLP_ENDPOINT');
  // The standard: the per-signal variable is used as given, the base one gets the signal's path appended.
  const [name, url] = tracesEndpoint
    ? ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', tracesEndpoint]
    : baseEndpoint
      ? ['OTEL_EXPORTER_OTLP_ENDPOINT', `${baseEndpoint.replace(/\/+$/, '')}/v1/traces`]
      : [null, null];
  if (name === null || url === null) return null;
  if (!isHttpUrl(url)) {
    problems.push(
      `${name} must be an http(s) URL, e.g. http://otel-collector:4318 (got "${read.opt(name)}")`,
    );
    return null;
  }
  return url;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
