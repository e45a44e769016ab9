import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeRun, createRun, getRun } from '../../db/repositories/runs';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { finished, insertAgent } from './fixtures';

describe('the run functions the engine uses', () => {
  let t: TestApp;
  let org: number;
  let agent: number;
  beforeAll(async () => {
    t = await createTestApp();
    org = (await createTestOrganization(t.ctx.db)).organizationId;
    agent = await insertAgent(t.ctx.db, org, 'Engine agent');
  });
  afterAll(async () => {
    await t.close();
  });

  const newRun = (initialContext: Record<string, unknown>) =>
    createRun(t.ctx.db, {
      organization_id: org,
      workflow_id: agent,
      name: 'campaign-7-contact-1-attempt-1',
      mode: 'simulator',
      call_type: 'outbound',
      initial_context: initialContext,
    });

  it('creates a run in progress whose number columns mirror initial_context', async () => {
    const id = await newRun({ caller_number: '+18005550100', called_number: '+14155550123', campaign_id: 7 });
    const run = await getRun(t.ctx.db, org, agent, id);
    expect(run).toMatchObject({
      caller_number: '+18005550100',
      called_number: '+14155550123',
      is_completed: false,
      disposition: null,
      call_duration_seconds: null,
      completed_at: null,
      initial_context: { campaign_id: 7, caller_number: '+18005550100', called_number: '+14155550123' },
    });
  });

  it('leaves the number columns empty when initial_context has no numbers', async () => {
    const run = await getRun(t.ctx.db, org, agent, await newRun({}));
    expect(run).toMatchObject({ caller_number: null, called_number: null });
  });

  it('completes a run once: disposition mirrors gathered_context, a second completion changes nothing', async () => {
    const id = await newRun({ called_number: '+14155550123' });
    expect(await completeRun(t.ctx.db, id, finished('interested', 42.5, 300))).toBe(true);
    const first = await getRun(t.ctx.db, org, agent, id);
    expect(first).toMatchObject({
      is_completed: true,
      disposition: 'interested',
      call_duration_seconds: 42.5,
      service_token_usage: 300,
      gathered_context: { mapped_call_disposition: 'interested' },
      cost_info: { service_token_usage: 300 },
    });
    expect(first?.completed_at).toBeInstanceOf(Date);

    expect(await completeRun(t.ctx.db, id, finished('failed', 1, 999))).toBe(false);
    expect(await getRun(t.ctx.db, org, agent, id)).toEqual(first);
  });

  it('reads a run only within its organization and agent', async () => {
    const id = await newRun({});
    const other = await createTestOrganization(t.ctx.db);
    expect(await getRun(t.ctx.db, other.organizationId, agent, id)).toBeUndefined();
    expect(await getRun(t.ctx.db, org, agent + 1_000_000, id)).toBeUndefined();
  });
});
