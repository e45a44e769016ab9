import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkflowId, startCampaignWorkflow } from '../../client/campaigns';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The `campaignChanged` signals in a workflow's history, by their `change`. */
async function changesSignalled(workflowId: string): Promise<string[]> {
  const history = await t.ctx.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const { defaultPayloadConverter } = await import('@temporalio/common');
  return (history.events ?? [])
    .map((event) => event.workflowExecutionSignaledEventAttributes)
    .filter((signal) => signal?.signalName === 'campaignChanged')
    .map(
      (signal) =>
        (defaultPayloadConverter.fromPayload(signal!.input!.payloads![0]!) as { change: string }).change,
    );
}

describe('archiving an agent', () => {
  it('pauses its running and syncing campaigns with an agent_archived entry and tells their workflows', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const db = t.ctx.db;
    const { agentId } = await insertAgent(db, org.organizationId);
    const { agentId: otherAgentId } = await insertAgent(db, org.organizationId);
    const configurationId = await insertSimulatorConfiguration(db, org.organizationId);
    const campaign = (agent: number) =>
      insertCampaign(db, { organizationId: org.organizationId, agentId: agent, configurationId });
    const running = await campaign(agentId);
    const syncing = await campaign(agentId);
    const created = await campaign(agentId);
    const otherAgents = await campaign(otherAgentId);
    await db.updateTable('campaigns').set({ state: 'syncing' }).where('id', '=', syncing).execute();
    await db.updateTable('campaigns').set({ state: 'created' }).where('id', '=', created).execute();
    // A workflow with no worker polling keeps every signal in its history, where the test reads it.
    await startCampaignWorkflow(t.ctx.temporal, { campaignId: running, organizationId: org.organizationId });

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/workflow/${agentId}/status`,
      headers: org.headers,
      payload: { status: 'archived' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('archived');

    const rows = await db
      .selectFrom('campaigns')
      .select(['id', 'state', 'resume_state'])
      .where('id', 'in', [running, syncing, created, otherAgents])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: running, state: 'paused', resume_state: 'running' },
      { id: syncing, state: 'paused', resume_state: 'syncing' },
      { id: created, state: 'created', resume_state: null },
      { id: otherAgents, state: 'running', resume_state: null },
    ]);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/campaign/${running}`, headers: org.headers })
    ).json();
    expect(detail.logs[0]).toMatchObject({
      event: 'agent_archived',
      level: 'warning',
      details: { from_state: 'running', reason: 'agent_archived', workflow_id: agentId },
    });
    expect(await changesSignalled(campaignWorkflowId(running))).toEqual(['agent_archived']);

    // The paused campaign resumes once the agent is restored and the operator resumes it.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/workflow/${agentId}/status`,
      headers: org.headers,
      payload: { status: 'active' },
    });
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${running}/resume`,
      headers: org.headers,
    });
    expect(resumed.json().state).toBe('running');
    await t.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(running)).terminate('test finished');
  });

  it('leaves campaigns alone when the agent is restored, and is 404 for another organization', async () => {
    const owner = await createTestOrganization(t.ctx.db);
    const stranger = await createTestOrganization(t.ctx.db);
    const { agentId } = await insertAgent(t.ctx.db, owner.organizationId);
    const configurationId = await insertSimulatorConfiguration(t.ctx.db, owner.organizationId);
    const campaignId = await insertCampaign(t.ctx.db, {
      organizationId: owner.organizationId,
      agentId,
      configurationId,
    });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/workflow/${agentId}/status`,
      headers: stranger.headers,
      payload: { status: 'archived' },
    });
    expect(foreign.statusCode).toBe(404);
    const restored = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/workflow/${agentId}/status`,
      headers: owner.headers,
      payload: { status: 'active' },
    });
    expect(restored.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('campaigns')
      .select('state')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('running');
  });
});
