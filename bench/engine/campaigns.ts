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

/** Uploads `contacts` numbers, creates a simulator configuration and a campaign through the API; returns its id. */
export async function createBenchCampaign(
  stack: BenchStack,
  input: {
    contacts: number;
    ringSeconds: number;
    talkSeconds: number;
    maxConcurrency: number;
    name: string;
  },
): Promise<number> {
  const key = contactSourceKey(stack.org.organizationId, `${input.name}-${Date.now()}.csv`);
  const lines = ['phone_number,name'];
  for (let i = 0; i < input.contacts; i++) lines.push(`${benchPhone(i)},Contact ${i + 1}`);
  await stack.ctx.storage.putObject({ key, body: lines.join('\n'), contentType: 'text/csv' });
  const configurationId = await insertSimulatorConfiguration(stack.ctx.db, stack.org.organizationId, {
    ring_seconds: input.ringSeconds,
    talk_seconds: input.talkSeconds,
  });
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: stack.org.headers,
    payload: {
      name: input.name,
      workflow_id: stack.agentId,
      source_type: 'csv',
      source_id: key,
      telephony_configuration_id: configurationId,
      max_concurrency: input.maxConcurrency,
      ring_timeout_seconds: 30,
      schedule_config: { enabled: false, timezone: 'UTC', slots: ALL_WEEK },
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`create campaign: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export async function campaignAction(
  stack: BenchStack,
  campaignId: number,
  action: 'start' | 'pause' | 'resume',
) {
  const response = await stack.app.inject({
    method: 'POST',
    url: `/api/v1/campaign/${campaignId}/${action}`,
    headers: stack.org.headers,
  });
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.statusCode} ${response.body}`);
}

export async function patchCampaign(stack: BenchStack, campaignId: number, body: Record<string, unknown>) {
  const response = await stack.app.inject({
    method: 'PATCH',
    url: `/api/v1/campaign/${campaignId}`,
    headers: stack.org.headers,
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`patch: ${response.statusCode} ${response.body}`);
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

/** Attempts/s overall (first claim to last outcome) and sustained (between the 10th and 90th percentile outcome). */
export async function attemptRates(stack: BenchStack, campaignId: number) {
  const row = await stack.ctx.db
    .selectFrom('attempts')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<Date>`min(placing_at)`.as('first_claim'),
      sql<Date>`max(finished_at)`.as('last_outcome'),
      sql<Date>`percentile_disc(0.1) within group (order by finished_at)`.as('p10'),
      sql<Date>`percentile_disc(0.9) within group (order by finished_at)`.as('p90'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const attempts = Number(row.n);
  const overallSeconds = (row.last_outcome.getTime() - row.first_claim.getTime()) / 1000;
  const sustainedSeconds = (row.p90.getTime() - row.p10.getTime()) / 1000;
  return {
    attempts,
    overallSeconds,
    overallRate: attempts / overallSeconds,
    sustainedRate: (attempts * 0.8) / sustainedSeconds,
  };
}
