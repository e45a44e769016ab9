import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';

/** `GET /organizations/capabilities`: whether an LLM answers for the organization, and where it is configured. */
describe('capabilities', () => {
  let plain: TestApp;
  let withLlm: TestApp;
  beforeAll(async () => {
    [plain, withLlm] = await Promise.all([
      createTestApp(),
      createTestApp({ LLM_BASE_URL: 'http://127.0.0.1:9/v1' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withLlm?.close()]);
  });

  const capabilities = async (t: TestApp, headers: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/capabilities',
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('says no LLM by default, one in a voice configuration of the organization (not of another), or the operator’s', async () => {
    const org = await createTestOrganization(plain.ctx.db);
    const other = await createTestOrganization(plain.ctx.db);
    expect(await capabilities(plain, org.headers)).toEqual({ llm: { configured: false, source: null } });

    const created = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: org.headers,
      payload: {
        name: 'With an LLM',
        llm: { provider: 'openai', api_key: 'sk-test-0123456789', base_url: 'http://127.0.0.1:9/v1' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await capabilities(plain, org.headers)).toEqual({
      llm: { configured: true, source: 'voice_configuration' },
    });
    expect(await capabilities(plain, other.headers)).toEqual({ llm: { configured: false, source: null } });

    const elsewhere = await createTestOrganization(withLlm.ctx.db);
    expect(await capabilities(withLlm, elsewhere.headers)).toEqual({
      llm: { configured: true, source: 'deployment' },
    });
  });

  it('is 401 without credentials', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/organizations/capabilities' });
    expect(response.statusCode).toBe(401);
  });
});
