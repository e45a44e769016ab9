/**
 * A text chat talks with the agent's LLM as its calls do: the voice configuration's model, then its fallbacks when
 * the model before stalls or fails before its first token. The answering model is named on each agent message and
 * in the stored transcript.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from './fakes/openai-fake';
import { demoBookerScript, threeNodeAgent } from './textchat-fixtures';

const pathOf = (url: string) => new URL(url).pathname;

describe('a text chat with an agent whose voice configuration has LLM fallbacks', () => {
  let primary: OpenAiFake;
  let backup: OpenAiFake;
  let t: TestApp;
  let org: TestOrganization;
  let n = 0;
  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: org.headers, payload: payload as object });
  /** An agent naming a configuration whose llm is the primary fake, with the backup fake as its fallback. */
  const agentWith = async (llm: Record<string, unknown> = {}) => {
    const config = await inject('POST', '/organizations/voice-configs', {
      name: `chat-${n++}`,
      llm: {
        provider: 'openai',
        api_key: 'sk-primary-0001',
        base_url: primary.baseUrl,
        model: 'gpt-primary',
        fallbacks: [{ model: 'gpt-backup', base_url: backup.baseUrl, api_key: 'sk-backup-0002' }],
        ...llm,
      },
    });
    expect(config.statusCode, config.body).toBe(201);
    const agent = await inject('POST', '/workflow/create/definition', {
      ...threeNodeAgent(),
      workflow_configurations: { voice_config_id: config.json().id },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    return agent.json().id as number;
  };

  beforeAll(async () => {
    [primary, backup] = await Promise.all([startOpenAiFake(), startOpenAiFake()]);
    // No operator LLM: the chat can only talk through the agent's voice configuration.
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([primary?.close(), backup?.close()]);
  });
  beforeEach(() => {
    primary.reset();
    backup.reset();
    backup.handle(demoBookerScript);
  });

  it('a primary answering 429: the fallback answers every turn, and the messages and transcript name it', async () => {
    primary.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const agentId = await agentWith();

    const started = await inject('POST', `/workflow/${agentId}/runs`, {
      mode: 'textchat',
      initial_context: { first_name: 'Ada' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json();
    expect(run.conversation.messages).toEqual([
      expect.objectContaining({
        role: 'agent',
        content: 'Hello Ada, this is Acme calling.',
        model: 'gpt-backup',
      }),
    ]);
    for (const content of ['Sure, go on.', 'Yes! ada@example.com']) {
      const reply = await inject('POST', `/workflow/${agentId}/runs/${run.id}/messages`, { content });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    // Each request went to the primary once, then to the fallback: nothing retried.
    expect(primary.requests.map((r) => r.messages)).toEqual(backup.requests.map((r) => r.messages));

    const detail = (await inject('GET', `/workflow/${agentId}/runs/${run.id}`)).json();
    expect(detail.is_completed).toBe(true);
    const transcript = (
      await t.app.inject({ method: 'GET', url: pathOf(detail.transcript_public_url) })
    ).json();
    expect(
      transcript.turns.map((turn: { role: string; model?: string }) => [turn.role, turn.model ?? null]),
    ).toEqual([
      ['agent', 'gpt-backup'],
      ['user', null],
      ['agent', 'gpt-backup'],
      ['user', null],
      ['agent', 'gpt-backup'],
    ]);
  });

  it('a primary stalling before its first token: the fallback answers once the deadline passed', async () => {
    primary.handle(() => ({ content: 'Never read.', stallBeforeFirstDelta: true }));
    const agentId = await agentWith({ first_token_timeout_ms: 200 });

    const started = await inject('POST', `/workflow/${agentId}/runs`, { mode: 'textchat' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().conversation.messages).toEqual([
      expect.objectContaining({ role: 'agent', model: 'gpt-backup' }),
    ]);
    expect(primary.requests).toHaveLength(1);
    await expect(primary.streams[0]!.ended).resolves.toBe('closed');
  });

  it('with every model down the chat ends llm_error at once rather than after retries', async () => {
    primary.handle(() => ({ status: 503, message: 'Overloaded' }));
    backup.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const agentId = await agentWith();

    const started = await inject('POST', `/workflow/${agentId}/runs`, { mode: 'textchat' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().conversation).toMatchObject({ status: 'ended', end_reason: 'llm_error' });
    expect(primary.requests).toHaveLength(1);
    expect(backup.requests).toHaveLength(1);
  });
});
