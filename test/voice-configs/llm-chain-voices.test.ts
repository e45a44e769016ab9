/**
 * A voice configuration's LLM with fallbacks, as a call resolves it (voice/voice-setup.ts, voice/agent-llm.ts): the
 * primary model then each fallback, with the configured first-token deadline (1.5 s when unset), against local OpenAI
 * fakes. Deadlines run on a manual clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVoiceSettings } from '../../agents/voice-settings';
import { LlmUnavailableError, type DeadlineClock } from '../../llm';
import type { ModelChain } from '../../llm/model-chain';
import { resolveCallVoices } from '../../voice/voice-setup';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';

class ManualClock implements DeadlineClock {
  private timers = new Set<{ at: number; fire: () => void }>();
  ms = 0;
  after(delayMs: number, fire: () => void): () => void {
    const timer = { at: this.ms + delayMs, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }
  advance(ms: number): void {
    this.ms += ms;
    for (const timer of [...this.timers].filter((t) => t.at <= this.ms)) {
      this.timers.delete(timer);
      timer.fire();
    }
  }
}

describe('a voice configuration’s LLM with fallbacks', () => {
  let t: TestApp;
  let org: TestOrganization;
  let primary: OpenAiFake;
  let backup: OpenAiFake;
  let n = 0;
  const voiceConfig = async (llm: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: org.headers,
      payload: {
        name: `chain-${n++}`,
        llm: { provider: 'openai', api_key: 'sk-primary-0001', base_url: primary.baseUrl, ...llm },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const llmOf = async (id: number, config = t.ctx.config) => {
    const voices = await resolveCallVoices(
      { db: t.ctx.db, config },
      {
        organizationId: org.organizationId,
        mode: 'twilio',
        settings: readVoiceSettings({ voice_config_id: id }),
      },
    );
    return voices.llm!;
  };
  const ask = (clock?: DeadlineClock) => ({
    messages: [{ role: 'user' as const, content: 'Hello?' }],
    onText: () => undefined,
    deadlineClock: clock,
  });

  beforeAll(async () => {
    [primary, backup] = await Promise.all([startOpenAiFake(), startOpenAiFake()]);
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
    backup.handle(() => ({ content: 'Backup speaking.' }));
  });

  it('a 429 from the primary hands the request to the first fallback at once, the primary asked once', async () => {
    primary.handle(() => ({ status: 429, message: 'Rate limit reached' }));
    const id = await voiceConfig({
      model: 'gpt-primary',
      fallbacks: [{ model: 'gpt-backup', base_url: backup.baseUrl, api_key: 'sk-backup-0002' }],
    });
    const reply = await (await llmOf(id)).chat(ask());
    expect(reply).toMatchObject({ content: 'Backup speaking.', model: 'gpt-backup' });
    expect(primary.requests).toHaveLength(1);
    expect(backup.requests.map((r) => r.model)).toEqual(['gpt-backup']);
  });

  it('a fallback without a base_url is another model on the section’s endpoint', async () => {
    primary.handle((request) =>
      request.model === 'gpt-primary' ? { status: 503, message: 'Overloaded' } : { content: 'Same host.' },
    );
    const id = await voiceConfig({ model: 'gpt-primary', fallbacks: [{ model: 'gpt-sibling' }] });
    const reply = await (await llmOf(id)).chat(ask());
    expect(reply).toMatchObject({ content: 'Same host.', model: 'gpt-sibling' });
    expect(primary.requests.map((r) => r.model)).toEqual(['gpt-primary', 'gpt-sibling']);
  });

  it('applies the configured first-token deadline, and 1.5 s when none is set', async () => {
    primary.handle(() => ({ content: 'Too late.', stallBeforeFirstDelta: true }));
    const fallbacks = [{ model: 'gpt-backup', base_url: backup.baseUrl }];
    for (const [settings, deadline] of [
      [{ fallbacks }, 1500],
      [{ fallbacks, first_token_timeout_ms: 400 }, 400],
    ] as const) {
      primary.requests.length = 0;
      backup.requests.length = 0;
      const llm = await llmOf(await voiceConfig(settings));
      expect((llm as ModelChain).firstTokenTimeoutMs).toBe(deadline);
      const clock = new ManualClock();
      const reply = llm.chat(ask(clock));
      await vi.waitFor(() => expect(primary.requests).toHaveLength(1));
      clock.advance(deadline - 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(backup.requests).toHaveLength(0);
      clock.advance(1);
      await expect(reply).resolves.toMatchObject({ content: 'Backup speaking.', model: 'gpt-backup' });
    }
  });

  it('skips a fallback whose base URL the operator no longer allows, and fails when none is left', async () => {
    primary.handle(() => ({ status: 500, message: 'Down' }));
    const id = await voiceConfig({ fallbacks: [{ model: 'gpt-backup', base_url: backup.baseUrl }] });
    const locked = {
      ...t.ctx.config,
      security: { ...t.ctx.config.security, allowedPrivateDestinations: [] },
    };
    const error: unknown = await (await llmOf(id, locked)).chat(ask()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect((error as Error).message).toMatch(/llm\.fallbacks\.0\.base_url/);
    expect(backup.requests).toHaveLength(0);
  });
});
