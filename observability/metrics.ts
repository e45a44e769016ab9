/**
 * Every Prometheus metric of the service, in one registry per process. The API serves it at `/metrics` (with
 * METRICS_TOKEN), the worker on its health port (WORKER_HEALTH_ADDRESS). Labels stay bounded: provider names, outcomes,
 * reasons and route templates, never organization ids, phone numbers or raw URLs.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ATTEMPT_OUTCOMES, type AttemptOutcome } from '../domain/outcomes';

/** The process's registry: default Node metrics (once enabled) and ours. */
export const metricsRegistry = new Registry();

const KNOWN_PROVIDERS = new Set(['twilio', 'telnyx', 'vonage', 'plivo', 'ari', 'simulator']);
const KNOWN_OUTCOMES = new Set<string>(ATTEMPT_OUTCOMES);

const httpRequestDuration = new Histogram({
  name: 'vac_http_request_duration_seconds',
  help: 'API request duration by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const callsPlaced = new Counter({
  name: 'vac_calls_placed_total',
  help: 'Calls the provider accepted (campaign attempts and one-off calls), by provider.',
  labelNames: ['provider'] as const,
  registers: [metricsRegistry],
});

const attemptOutcomes = new Counter({
  name: 'vac_attempt_outcomes_total',
  help: 'Attempt outcomes stored, by outcome (counted by the process that stored it: API webhooks or worker lookups).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

const providerErrors = new Counter({
  name: 'vac_provider_errors_total',
  help: 'Placements that failed at the provider: kind "refused" (answered with an error or guard open), "unknown" (no answer).',
  labelNames: ['provider', 'kind'] as const,
  registers: [metricsRegistry],
});

const breakerTrips = new Counter({
  name: 'vac_circuit_breaker_trips_total',
  help: 'Campaigns paused by their circuit breaker.',
  registers: [metricsRegistry],
});

const webhookRefusals = new Counter({
  name: 'vac_webhook_refusals_total',
  help: 'Vendor webhooks refused (403) by reason: bad_token, unknown_attempt, unknown_configuration, provider_mismatch, no_key, bad_signature.',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const importRows = new Counter({
  name: 'vac_contact_import_rows_total',
  help: 'Contact rows read by campaign imports, by result: imported, invalid, duplicate.',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

let defaultMetricsCollected = false;

/** Adds Node's default process metrics (CPU, memory, event-loop lag, GC) to the registry; once per process. */
export function collectProcessMetrics(): void {
  if (defaultMetricsCollected) return;
  defaultMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The registry in Prometheus's text format, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

function providerLabel(provider: string): string {
  return KNOWN_PROVIDERS.has(provider) ? provider : 'other';
}

/** One API request answered: `route` is the route's template (`/api/v1/campaign/:id`), or `unmatched`. */
export function observeHttpRequest(
  labels: { method: string; route: string; statusCode: number },
  seconds: number,
): void {
  httpRequestDuration.observe(
    { method: labels.method, route: labels.route, status_code: String(labels.statusCode) },
    seconds,
  );
}

/** A call the provider accepted. */
export function countCallPlaced(provider: string): void {
  callsPlaced.inc({ provider: providerLabel(provider) });
}

/** An attempt's outcome stored (once per attempt). */
export function countAttemptOutcome(outcome: AttemptOutcome): void {
  attemptOutcomes.inc({ outcome: KNOWN_OUTCOMES.has(outcome) ? outcome : 'other' });
}

/** A placement the provider refused, or whose answer never came. */
export function countProviderError(provider: string, kind: 'refused' | 'unknown'): void {
  providerErrors.inc({ provider: providerLabel(provider), kind });
}

/** A campaign paused by its circuit breaker. */
export function countBreakerTrip(): void {
  breakerTrips.inc();
}

/** A vendor webhook refused; `reason` is one of webhook-auth's fixed refusal reasons. */
export function countWebhookRefusal(reason: string): void {
  webhookRefusals.inc({ reason });
}

/** The rows of one finished import: valid contacts imported, invalid and duplicate rows set aside. */
export function countImportRows(counts: {
  validRows: number;
  invalidRows: number;
  duplicateRows: number;
}): void {
  importRows.inc({ result: 'imported' }, counts.validRows);
  importRows.inc({ result: 'invalid' }, counts.invalidRows);
  importRows.inc({ result: 'duplicate' }, counts.duplicateRows);
}
