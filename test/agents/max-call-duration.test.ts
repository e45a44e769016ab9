import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentForCall } from '../../db/repositories/agents';
import { readVoiceSettings } from '../../agents/voice-settings';
import { agentCallSettings } from '../../engine/agent-call-settings';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { agentClient } from './helpers';

/**
 * Dograh's SDK types the call limit as `workflow_configurations.max_call_duration` (seconds); ours is
 * `max_call_duration_seconds`. Both are honoured and `max_call_duration_seconds` wins when both are sent.
 */
describe('max_call_duration (Dograh SDK field)', () => {
  it('is read by the engine and the voice settings when max_call_duration_seconds is absent', () => {
    expect(agentCallSettings({ max_call_duration: 120 }).maxCallDurationSeconds).toBe(120);
    expect(readVoiceSettings({ max_call_duration: 120 }).maxDurationSeconds).toBe(120);
  });

  it('loses to max_call_duration_seconds when both are sent', () => {
    const both = { max_call_duration: 120, max_call_duration_seconds: 90 };
    expect(agentCallSettings(both).maxCallDurationSeconds).toBe(90);
    expect(readVoiceSettings(both).maxDurationSeconds).toBe(90);
  });

  it('is ignored (default 1800 s) unless it is an integer from 1 to 86400', () => {
    for (const bad of [0, -5, 1.5, 86_401, 1e308, Number.MAX_SAFE_INTEGER, '300', '\u0000', null, true, {}])
      expect(agentCallSettings({ max_call_duration: bad }).maxCallDurationSeconds).toBe(1800);
    expect(agentCallSettings({ max_call_duration: 86_400 }).maxCallDurationSeconds).toBe(86_400);
    expect(agentCallSettings({ max_call_duration: 1 }).maxCallDurationSeconds).toBe(1);
  });
});

describe('max_call_duration through the agents API', () => {
  let t: TestApp;
  let org: TestOrganization;
  let agents: ReturnType<typeof agentClient>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    agents = agentClient(t, org);
  });
  afterAll(async () => {
    await t.close();
  });

  const limitOf = async (agentId: number) =>
    agentCallSettings((await getAgentForCall(t.ctx.db, org.organizationId, agentId))!.workflow_configurations)
      .maxCallDurationSeconds;

  it('keeps max_call_duration as sent and calls end at it', async () => {
    const agent = await agents.create({ workflow_configurations: { max_call_duration: 300 } });
    expect(agent.workflow_configurations).toEqual({ max_call_duration: 300, max_call_duration_seconds: 300 });
    expect(await limitOf(agent.id)).toBe(300);
  });

  it('keeps both when both are sent, and max_call_duration_seconds wins', async () => {
    const agent = await agents.create({
      workflow_configurations: { max_call_duration: 300, max_call_duration_seconds: 600 },
    });
    expect(agent.workflow_configurations).toEqual({ max_call_duration: 300, max_call_duration_seconds: 600 });
    expect(await limitOf(agent.id)).toBe(600);
  });

  it('honours max_call_duration sent alone on update', async () => {
    const agent = await agents.create();
    const updated = await agents.call('PUT', `/${agent.id}`, {
      workflow_configurations: { max_call_duration: 45 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().workflow_configurations).toEqual({
      max_call_duration: 45,
      max_call_duration_seconds: 45,
    });
    expect(await limitOf(agent.id)).toBe(45);
  });

  it('accepts an unusable max_call_duration as sent (201) and ends calls at the default', async () => {
    for (const bad of [1e308, 86_401, -1, 2.5, 'ten minutes']) {
      const agent = await agents.create({ workflow_configurations: { max_call_duration: bad } });
      expect(agent.workflow_configurations).toEqual({
        max_call_duration: bad,
        max_call_duration_seconds: 1800,
      });
      expect(await limitOf(agent.id)).toBe(1800);
    }
  });

  it('answers 422 (never 500) to a NUL byte in max_call_duration', async () => {
    const response = await agents.call('POST', '/create/definition', {
      name: 'NUL',
      workflow_definition: (await agents.create()).workflow_definition,
      workflow_configurations: { max_call_duration: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(422);
  });
});
