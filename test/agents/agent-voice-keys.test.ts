import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { validDefinition } from './fixtures';
import { agentClient } from './helpers';

describe('agent voice keys in workflow_configurations', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let agents: ReturnType<typeof agentClient>;
  const voiceConfig = async (who: TestOrganization) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: who.headers,
      payload: { name: `voice-${Math.random()}` },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  };
  const createWith = (workflow_configurations: Record<string, unknown>) =>
    agents.call('POST', '/create/definition', {
      name: 'Voice agent',
      workflow_definition: validDefinition(),
      workflow_configurations,
    });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
    agents = agentClient(t, org);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves an agent naming its own organization’s voice configuration with every voice key', async () => {
    const id = await voiceConfig(org);
    const keys = {
      voice_config_id: id,
      voice: 'slt',
      language: 'en-GB',
      model: 'gpt-4o-mini',
      vad_configuration: { start_seconds: 0.2, stop_seconds: 0.8, confidence: 0.7, minimum_volume: 0.6 },
      max_user_idle_timeout: 15,
      disclosure_message: 'This call is recorded.',
      recording_enabled: false,
      voicemail_message: 'Call us back.',
    };
    const response = await createWith(keys);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().workflow_configurations).toEqual({ ...keys, max_call_duration_seconds: 1800 });
  });

  it('refuses a voice configuration of another organization, or none at all, as 400 voice_configuration_not_found', async () => {
    const foreign = await voiceConfig(other);
    const agent = await agents.create();
    const refusal = {
      detail: 'voice_configuration_not_found',
      message: 'The referenced voice configuration does not exist in this organization.',
    };
    for (const id of [foreign, 2 ** 40]) {
      const created = await createWith({ voice_config_id: id });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual(refusal);
      const updated = await agents.call('PUT', `/${agent.id}`, {
        workflow_configurations: { voice_config_id: id },
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json()).toEqual(refusal);
    }
    const unchanged = (await agents.call('GET', `/fetch/${agent.id}`)).json();
    expect(unchanged.workflow_configurations).not.toHaveProperty('voice_config_id');
  });

  it('refuses each voice key outside its bounds with a 422 at that key', async () => {
    const cases: Array<[string, unknown, string[]]> = [
      ['voice_config_id', 'seven', ['voice_config_id']],
      ['voice_config_id', 0, ['voice_config_id']],
      ['voice', 'slt; rm -rf /', ['voice']],
      ['voice', 'v'.repeat(101), ['voice']],
      ['language', 'english', ['language']],
      ['model', '', ['model']],
      ['vad_configuration', { start_seconds: 0.3 }, ['vad_configuration', 'stop_seconds']],
      ['vad_configuration', { start_seconds: 0.3, stop_seconds: 11 }, ['vad_configuration', 'stop_seconds']],
      ['vad_configuration', { start_seconds: 0, stop_seconds: 0.8 }, ['vad_configuration', 'start_seconds']],
      [
        'vad_configuration',
        { start_seconds: 0.3, stop_seconds: 0.8, confidence: 2 },
        ['vad_configuration', 'confidence'],
      ],
      ['max_user_idle_timeout', 0, ['max_user_idle_timeout']],
      ['max_user_idle_timeout', 601, ['max_user_idle_timeout']],
      ['disclosure_message', 'x'.repeat(1001), ['disclosure_message']],
      ['recording_enabled', 'yes', ['recording_enabled']],
      ['voicemail_message', 5, ['voicemail_message']],
    ];
    for (const [key, value, loc] of cases) {
      const response = await createWith({ [key]: value });
      expect(response.statusCode, `${key}=${JSON.stringify(value)}`).toBe(422);
      const locs = response.json().detail.map((issue: { loc: string[] }) => issue.loc.join('.'));
      expect(locs, `${key}=${JSON.stringify(value)}`).toContain(
        ['body', 'workflow_configurations', ...loc].join('.'),
      );
    }
  });
});
