import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import {
  countAttemptOutcome,
  countCallPlaced,
  countImportRows,
  renderMetrics,
} from '../../observability/metrics';
import { createTestApp, testEnv, type TestApp } from '../helpers/context';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`) in Prometheus text, or null. */
function sample(text: string, line: string): number | null {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
}

describe('API /metrics', () => {
  let off: TestApp;
  let on: TestApp;

  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  const scrape = (authorization?: string) =>
    on.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is not served at all without METRICS_TOKEN', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('needs the bearer token', async () => {
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json().detail).toBe('not_authenticated');
    expect((await scrape('Bearer wrong-token-0123456789abcdef')).statusCode).toBe(401);
    // An API key's scheme is not enough either: only the metrics token opens it.
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
  });

  it('serves process metrics and request durations by route template and status', async () => {
    await on.app.inject({ method: 'GET', url: '/api/v1/livez' });
    await on.app.inject({ method: 'GET', url: '/api/v1/campaign/12345' }); // 401: no credentials
    await on.app.inject({ method: 'GET', url: '/no/such/path/999' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('process_resident_memory_bytes');
    expect(
      sample(
        text,
        'vac_http_request_duration_seconds_count{method="GET",route="/api/v1/livez",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/api/v1/campaign/:campaign_id",status_code="401"');
    expect(text).toContain('route="unmatched",status_code="404"');
    // Bounded labels: no id or raw path becomes a series.
    expect(text).not.toContain('12345');
    expect(text).not.toContain('/no/such/path');
  });

  it('counts vendor webhook refusals by reason', async () => {
    const before =
      sample((await renderMetrics()).body, 'vac_webhook_refusals_total{reason="bad_token"}') ?? 0;
    const refused = await on.app.inject({
      method: 'POST',
      url: '/api/v1/telephony/status/twilio/1?token=forged',
      payload: 'CallStatus=completed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(403);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'vac_webhook_refusals_total{reason="bad_token"}')).toBe(before + 1);
  });

  it('keeps provider and outcome labels bounded', async () => {
    countCallPlaced('simulator');
    countCallPlaced('+12125550100');
    countAttemptOutcome('busy');
    countImportRows({ validRows: 3, invalidRows: 1, duplicateRows: 2 });
    const text = (await renderMetrics()).body;
    expect(sample(text, 'vac_calls_placed_total{provider="simulator"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vac_calls_placed_total{provider="other"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('+12125550100');
    expect(sample(text, 'vac_attempt_outcomes_total{outcome="busy"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vac_contact_import_rows_total{result="duplicate"}')).toBeGreaterThanOrEqual(2);
  });

  it('reads the token from METRICS_TOKEN_FILE too', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'metrics-token-')), 'token');
    writeFileSync(file, `${TOKEN}\n`);
    expect(loadConfig(testEnv({ METRICS_TOKEN_FILE: file })).observability.metricsToken).toBe(TOKEN);
  });

  it('refuses a short METRICS_TOKEN at start', () => {
    expect(() => loadConfig(testEnv({ METRICS_TOKEN: 'short' }))).toThrow(ConfigError);
    expect(() => loadConfig(testEnv({ METRICS_TOKEN: 'short' }))).toThrow(/METRICS_TOKEN/);
  });
});
