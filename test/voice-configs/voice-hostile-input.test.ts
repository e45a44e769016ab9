/**
 * Hostile input on the voice routes: NUL bytes, lone surrogates, huge and negative numbers, wrong types, and ids
 * that are not integers, in the voice configurations, the agents' voice keys and the machine-detection callback.
 * Each is a clear 4xx in the contract's shape; none is a 500, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentClient } from '../agents/helpers';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/organizations/voice-configs';
const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

describe('hostile input on the voice routes', () => {
  let t: TestApp;
  let org: TestOrganization;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: org.headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('voice_configurations')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('organization_id', '=', org.organizationId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('refuses bad voice configurations with 4xx, never 500, and stores none of them', async () => {
    const bodies: unknown[] = [
      { name: `a${NUL}b` },
      { name: `a${LONE_SURROGATE}` },
      { name: 'x'.repeat(100_000) },
      { name: 'ok', stt: { provider: 'deepgram', api_key: `k${NUL}` } },
      { name: 'ok', stt: { provider: 'deepgram', api_key: 'k', base_url: `wss://a${NUL}.example` } },
      { name: 'ok', stt: { provider: 'openai', api_key: 'k', base_url: 'http://169.254.169.254/v1' } },
      { name: 'ok', llm: { provider: 'openai', api_key: 'k', base_url: 'http://10.0.0.1/v1' } },
      { name: 'ok', llm: { provider: 'openai', api_key: 'k', base_url: 'file:///etc/passwd' } },
      { name: 'ok', tts: { provider: 'local', engine: 'say' } },
      { name: 'ok', tts: { provider: 'local', voice: 12 } },
      { name: 'ok', tts: 'local' },
      { name: 'ok', stt: [] },
      { name: 1e308 },
      { name: null },
      [],
      'not json',
    ];
    for (const body of bodies) {
      const response =
        typeof body === 'string'
          ? await t.app.inject({
              method: 'POST',
              url: URL_BASE,
              headers: { ...org.headers, 'content-type': 'application/json' },
              payload: body,
            })
          : await send('POST', URL_BASE, body);
      expect(
        response.statusCode,
        `${JSON.stringify(body).slice(0, 80)} → ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toHaveProperty('detail');
    }
    expect(await stored()).toBe(0);
  });

  it('answers ids that are not integers, or too large, with 4xx', async () => {
    for (const id of ['abc', '-1', '0', '1e3', '99999999999999999999', `1${NUL}`, '9007199254740993'])
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await send(
          method,
          `${URL_BASE}/${encodeURIComponent(id)}`,
          method === 'PUT' ? {} : undefined,
        );
        expect(response.statusCode, `${method} ${id} → ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
  });

  it('refuses hostile voice keys on an agent with 4xx, never 500', async () => {
    const agents = agentClient(t, org);
    const agent = await agents.create();
    const configurations: unknown[] = [
      { voice_config_id: 2 ** 64 },
      { voice_config_id: -5 },
      { voice_config_id: '1' },
      { voice: `slt${NUL}` },
      { voice: '--help' },
      { language: LONE_SURROGATE },
      { disclosure_message: 'x'.repeat(10_000) },
      { vad_configuration: { start_seconds: 1e308 } },
      { vad_configuration: 'fast' },
      { max_user_idle_timeout: -1 },
      { recording_enabled: 'yes' },
    ];
    for (const workflow_configurations of configurations) {
      const response = await agents.call('PUT', `/${agent.id}`, { workflow_configurations });
      expect(
        response.statusCode,
        `${JSON.stringify(workflow_configurations)} → ${response.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('refuses a machine-detection callback for an attempt id that is not one, or without a token', async () => {
    for (const url of [
      '/api/v1/telephony/amd/twilio/abc?token=x',
      '/api/v1/telephony/amd/twilio/99999999999999999999?token=x',
      `/api/v1/telephony/amd/twilio/1?token=${encodeURIComponent(NUL)}`,
      '/api/v1/telephony/amd/twilio/1',
      '/api/v1/telephony/amd/nonsense/1?token=x',
      '/api/v1/telephony/amd/twilio/1?token=x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `AnsweredBy=machine_start&CallSid=CA${NUL}`,
      });
      expect(response.statusCode, `${url} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
