import type { BenchStack } from '../engine/stack';
import { contactSourceKey } from '../../storage/contact-sources';
import { insertSimulatorConfiguration } from '../../test/helpers/fixtures';

/** Campaigns of the sync benchmarks, created and started through the API as a user would. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every day, all day: calls may be placed at once. */
export const ALWAYS_OPEN = {
  enabled: true,
  timezone: 'UTC',
  slots: Array.from({ length: 7 }, (_, day) => ({
    day_of_week: day,
    start_time: '00:00',
    end_time: '24:00',
  })),
};

/**
 * One minute a week, three days from today: the campaign imports, moves to running, then waits for its window, so
 * nothing after the import (dialing) runs in the measured worker.
 */
export function closedWindow(now = new Date()) {
  const day = (now.getUTCDay() + 3) % 7;
  return {
    enabled: true,
    timezone: 'UTC',
    slots: [{ day_of_week: day, start_time: '00:00', end_time: '00:01' }],
  };
}

async function api(stack: BenchStack, method: 'POST', url: string, payload?: unknown) {
  const response = await stack.app.inject({
    method,
    url,
    headers: stack.org.headers,
    payload: payload as never,
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

/** Uploads `body` as the organization's contact source `name`; returns its key. */
export async function uploadSource(stack: BenchStack, name: string, body: Buffer | string): Promise<string> {
  const key = contactSourceKey(stack.org.organizationId, name);
  await stack.ctx.storage.putObject({ key, body, contentType: 'text/csv' });
  return key;
}

/** Creates a campaign over `sourceKey` with a simulator configuration through the API; returns its id. */
export async function createCampaign(
  stack: BenchStack,
  input: {
    name: string;
    sourceKey: string;
    maxConcurrency: number;
    schedule: unknown;
    ringSeconds?: number;
    talkSeconds?: number;
  },
): Promise<number> {
  const configurationId = await insertSimulatorConfiguration(stack.ctx.db, stack.org.organizationId, {
    ring_seconds: input.ringSeconds ?? 0.2,
    talk_seconds: input.talkSeconds ?? 0.2,
  });
  const created = await api(stack, 'POST', '/api/v1/campaign/create', {
    name: input.name,
    workflow_id: stack.agentId,
    source_type: 'csv',
    source_id: input.sourceKey,
    telephony_configuration_id: configurationId,
    max_concurrency: input.maxConcurrency,
    ring_timeout_seconds: 30,
    schedule_config: input.schedule,
  });
  return created.id as number;
}

export async function startCampaign(stack: BenchStack, campaignId: number): Promise<void> {
  await api(stack, 'POST', `/api/v1/campaign/${campaignId}/start`);
}

export async function campaignState(stack: BenchStack, campaignId: number) {
  return stack.ctx.db
    .selectFrom('campaigns')
    .select(['state', 'total_rows', 'invalid_rows', 'duplicate_rows'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}
