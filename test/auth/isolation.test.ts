import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createKey, signUp, type SignedUp } from './accounts';

describe('two organizations see nothing of each other', () => {
  let t: TestApp;
  let alpha: SignedUp;
  let beta: SignedUp;
  let alphaKey: { id: number; api_key: string };
  let betaKey: { id: number; api_key: string };
  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signUp(t.app, 'alpha');
    beta = await signUp(t.app, 'beta');
    alphaKey = await createKey(t.app, alpha.headers, { name: 'alpha key' });
    betaKey = await createKey(t.app, beta.headers, { name: 'beta key' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists only the caller's own keys, archived ones included", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/api-keys?include_archived=true',
      headers: { 'x-api-key': alphaKey.api_key },
    });
    const ids = list.json().map((key: { id: number }) => key.id);
    expect(ids).toContain(alphaKey.id);
    expect(ids).not.toContain(betaKey.id);
  });

  it("answers 404 api_key_not_found to archiving or reactivating the other organization's key", async () => {
    for (const request of [
      { method: 'DELETE' as const, url: `/api/v1/user/api-keys/${betaKey.id}` },
      { method: 'PUT' as const, url: `/api/v1/user/api-keys/${betaKey.id}/reactivate` },
      { method: 'DELETE' as const, url: `/user/api-keys/${betaKey.id}` },
    ]) {
      const response = await t.app.inject({ ...request, headers: alpha.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'api_key_not_found' });
    }
    const stillWorks = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { 'x-api-key': betaKey.api_key },
    });
    expect(stillWorks.json().organization.id).toBe(beta.organizationId);
  });

  it('answers the same 404 for an id that exists nowhere', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/api-keys/999999999',
      headers: alpha.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'api_key_not_found' });
  });
});
