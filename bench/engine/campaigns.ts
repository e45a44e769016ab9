import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { contactSourceKey } from '../../storage/contact-sources';
import { insertSimulatorConfiguration } from '../../test/helpers/fixtures';
import { log, type BenchStack } from './stack';

/**
 * Distinct valid US numbers whose last digit is 0–5 (the simulator's `completed`), so every contact takes exactly
 * one attempt: `+1 212 XXX XXXX` with the exchange from 200 up, 6,000 numbers per exchange.
 */
export function benchPhone(index: number): string {
  const exchange = 200 + Math.floor(index / 6000);
  const line = (Math.floor(index / 6) % 1000) * 10 + (index % 6);
  return `+1212${exchange}${String(line).padStart(4, '0')}`;
}

export const ALL_WEEK = Array.from({ length: 7 }, (_, day) => ({
  day_of_week: day,
  start_time: '00:00',
  end_time: '24:00',
}));

/**
 * Distinct valid US numbers whose last digits run 0–9 in turn (`+1 212 XXX XXXX`, the exchange from 200 up, 10,000
 * numbers per exchange), so the simulator's last-digit rule gives every outcome: 0–5 completed, 6 busy,
 * 7 no_answer, 8 voicemail, 9 failed.
 */
export function mixedPhone(index: number): string {
  const exchange = 200 + Math.floor(index / 10_000);
  return `+1212${exchange}${String(index % 10_000).padStart(4, '0')}`;
}

export interface BenchCampaign {
  campaignId: number;
  /** The campaign's own simulator configuration: its `simulator_calls` are this campaign's calls. */
  configurationId: number;
}

/** Uploads `contacts` numbers, creates a simulator configuration and a campaign through the API. */
export async function createBenchCampaign(
  stack: BenchStack,
  input: {
    contacts: number;
    ringSeconds: number;
    talkSeconds: number;
    maxConcurrency: number;
    name: string;
    /** The i-th contact's number (default `benchPhone`: every call `completed`). */
    phone?: (index: number) => string;
    /** Omitted: the contract's default retry configuration. */
    retryConfig?: Record<string, unknown>;
  },
): Promise<BenchCampaign> {
  const phone = input.phone ?? benchPhone;
  const key = contactSourceKey(stack.org.organizationId, `${input.name}-${Date.now()}.csv`);
  const lines = ['phone_number,name'];
  for (let i = 0; i < input.contacts; i++) lines.push(`${phone(i)},Contact ${i + 1}`);
  await stack.ctx.storage.putObject({ key, body: lines.join('\n'), contentType: 'text/csv' });
  const configurationId = await insertSimulatorConfiguration(stack.ctx.db, stack.org.organizationId, {
    ring_seconds: input.ringSeconds,
    talk_seconds: input.talkSeconds,
  });
  const response = await apiRequest(stack, 'POST', '/api/v1/campaign/create', {
    name: input.name,
    workflow_id: stack.agentId,
    source_type: 'csv',
    source_id: key,
    telephony_configuration_id: configurationId,
    max_concurrency: input.maxConcurrency,
    ring_timeout_seconds: 30,
    schedule_config: { enabled: false, timezone: 'UTC', slots: ALL_WEEK },
    ...(input.retryConfig ? { retry_config: input.retryConfig } : {}),
  });
  if (response.status !== 201) throw new Error(`create campaign: ${response.status} ${response.body}`);
  return { campaignId: (JSON.parse(response.body) as { id: number }).id, configurationId };
}

/** A real HTTP request to the API (over loopback, as a client sends it), with the organization's API key. */
export async function apiRequest(
  stack: BenchStack,
  method: 'POST' | 'PATCH',
  url: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${stack.env.PUBLIC_BASE_URL}${url}`, {
    method,
    headers: {
      ...stack.org.headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.text() };
}

export async function campaignAction(
  stack: BenchStack,
  campaignId: number,
  action: 'start' | 'pause' | 'resume',
) {
  const response = await apiRequest(stack, 'POST', `/api/v1/campaign/${campaignId}/${action}`);
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${response.body}`);
}

export async function patchCampaign(stack: BenchStack, campaignId: number, body: Record<string, unknown>) {
  const response = await apiRequest(stack, 'PATCH', `/api/v1/campaign/${campaignId}`, body);
  if (response.status !== 200) throw new Error(`patch: ${response.status} ${response.body}`);
}

/**
 * The database server's clock now (`clock_timestamp()`): read just before a request is sent, it is comparable
 * with the timestamps the simulator and the engine store (`now()` of their transactions on the same server).
 */
export async function databaseNow(stack: BenchStack): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(stack.ctx.db);
  return rows[0]!.now;
}

/** The simulator's record of the calls requested through `configurationId` at or after `since`, in order. */
export async function simulatorRequestsSince(
  stack: BenchStack,
  configurationId: number,
  since: Date,
): Promise<Date[]> {
  const rows = await stack.ctx.db
    .selectFrom('simulator_calls')
    .select('requested_at')
    .where('telephony_configuration_id', '=', configurationId)
    .where('requested_at', '>=', since)
    .orderBy('requested_at')
    .execute();
  return rows.map((r) => r.requested_at);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function campaignRow(stack: BenchStack, campaignId: number) {
  return stack.ctx.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/** Attempts of the campaign by state (one query). */
export async function attemptStates(stack: BenchStack, campaignId: number) {
  const rows = await stack.ctx.db
    .selectFrom('attempts')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('state')
    .execute();
  const byState: Record<string, number> = {};
  for (const row of rows) byState[row.state] = Number(row.n);
  return byState;
}

/**
 * Waits until the campaign completes, printing progress every `everyMs`: attempts finished, the rate over the
 * last interval, attempts open, and the load average.
 */
export async function followUntilCompleted(
  stack: BenchStack,
  campaignId: number,
  options: { everyMs?: number; timeoutMs?: number; loads?: number[] } = {},
): Promise<void> {
  const everyMs = options.everyMs ?? 5000;
  const deadline = Date.now() + (options.timeoutMs ?? 6 * 3600_000);
  let lastFinished = 0;
  let lastAt = Date.now();
  for (;;) {
    await sleep(everyMs);
    const row = await campaignRow(stack, campaignId);
    const states = await attemptStates(stack, campaignId);
    const finished = states.finished ?? 0;
    const now = Date.now();
    const rate = ((finished - lastFinished) * 1000) / (now - lastAt);
    const load = loadavg();
    options.loads?.push(load[0]!);
    log(
      `campaign ${campaignId} ${row.state}: contacts ${row.processed_rows}/${row.total_rows}, attempts finished ${finished}` +
        ` (${rate.toFixed(1)}/s), open ${(states.queued ?? 0) + (states.placing ?? 0) + (states.placed ?? 0)}` +
        `, load ${load.map((n) => n.toFixed(2)).join(' ')}`,
    );
    lastFinished = finished;
    lastAt = now;
    if (row.state === 'completed' || row.state === 'failed') return;
    if (now > deadline) throw new Error(`campaign ${campaignId} not completed in time`);
  }
}
