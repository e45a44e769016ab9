import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookCredentialUses } from '../../db/repositories/webhook-credentials';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/credentials';

/** A start node whose pre-call fetch sends `credentialUuid` (none when null), and an end node. */
const definition = (credentialUuid: string | null) => ({
  nodes: [
    {
      id: 'start',
      type: 'startCall',
      position: { x: 0, y: 0 },
      data: {
        name: 'Greeting',
        prompt: 'Greet the caller.',
        pre_call_fetch_mode: 'always',
        pre_call_fetch_url: 'https://crm.example.com/context',
        ...(credentialUuid ? { pre_call_fetch_credential_uuid: credentialUuid } : {}),
      },
    },
    { id: 'end', type: 'endCall', position: { x: 0, y: 100 }, data: { name: 'Bye', prompt: 'Say bye.' } },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'end', data: { label: 'done', condition: 'Done.' } }],
});

/** Ours, not Dograh's: a credential an agent's current definition names cannot be deleted (409). */
describe('deleting a webhook credential in use', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const send = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: org.headers, payload });
  const workflow = (method: 'POST' | 'PUT', path: string, payload: object, who = org) =>
    t.app.inject({ method, url: `/api/v1/workflow${path}`, headers: who.headers, payload });
  const createCredential = async (name: string) => {
    const response = await send('POST', '/', {
      name,
      credential_type: 'bearer_token',
      credential_data: { token: 'crm-token-0123456789' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { uuid: string };
  };
  const createAgent = async (name: string, credentialUuid: string | null, who = org) => {
    const response = await workflow(
      'POST',
      '/create/definition',
      { name, workflow_definition: definition(credentialUuid) },
      who,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is 409 naming the agent, also once it is archived; a new version without the reference frees it', async () => {
    const credential = await createCredential('CRM');
    // Upper case: the reference matches the uuid whatever its case, as the lookup does.
    const agent = await createAgent('Fetching agent', credential.uuid.toUpperCase());

    const refused = await send('DELETE', `/${credential.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'credential_in_use',
      message: `This credential is in use by: agent ${agent.id} (Fetching agent).`,
    });
    expect((await send('GET', `/${credential.uuid}`)).statusCode).toBe(200);

    // Archived, the agent still holds it (it can be reactivated).
    expect((await workflow('PUT', `/${agent.id}/status`, { status: 'archived' })).statusCode).toBe(200);
    expect((await send('DELETE', `/${credential.uuid}`)).statusCode).toBe(409);

    // A new version without the reference frees it: earlier versions do not count.
    const updated = await workflow('PUT', `/${agent.id}`, { workflow_definition: definition(null) });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await send('DELETE', `/${credential.uuid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'deleted', uuid: credential.uuid });
  });

  it('names every agent that uses it, and no agent of another organization', async () => {
    const credential = await createCredential('Billing');
    const first = await createAgent('First', credential.uuid);
    const second = await createAgent('Second', credential.uuid);
    await createAgent('Without it', null);
    await createAgent('Foreign', credential.uuid, other);
    expect(await webhookCredentialUses(t.ctx.db, org.organizationId, credential.uuid)).toEqual([
      { kind: 'agent', id: first.id, name: 'First' },
      { kind: 'agent', id: second.id, name: 'Second' },
    ]);
    expect((await send('DELETE', `/${credential.uuid}`)).json().message).toBe(
      `This credential is in use by: agent ${first.id} (First), agent ${second.id} (Second).`,
    );
  });

  it('is 409 naming a tool that is not archived; archiving the tool frees it, and unarchiving then is refused', async () => {
    const credential = await createCredential('Orders API');
    const tool = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tools/',
      headers: org.headers,
      payload: {
        name: 'Look up order',
        definition: {
          type: 'http_api',
          config: { method: 'GET', url: 'https://93.184.216.34/orders', credential_uuid: credential.uuid },
        },
      },
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const { tool_uuid: toolUuid } = tool.json() as { tool_uuid: string };
    expect(await webhookCredentialUses(t.ctx.db, org.organizationId, credential.uuid)).toEqual([
      { kind: 'tool', id: toolUuid, name: 'Look up order' },
    ]);
    const refused = await send('DELETE', `/${credential.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This credential is in use by: tool ${toolUuid} (Look up order).`);

    const tools = (method: 'DELETE' | 'POST', path: string) =>
      t.app.inject({ method, url: `/api/v1/tools/${toolUuid}${path}`, headers: org.headers });
    expect((await tools('DELETE', '')).statusCode).toBe(200);
    expect((await send('DELETE', `/${credential.uuid}`)).statusCode).toBe(200);
    const unarchived = await tools('POST', '/unarchive');
    expect(unarchived.statusCode).toBe(400);
    expect(unarchived.json().detail).toBe('credential_not_found');
  });

  it('is free to delete when only another organization’s agent names its uuid', async () => {
    const credential = await createCredential('Lonely');
    await createAgent('Foreign only', credential.uuid, other);
    expect((await send('DELETE', `/${credential.uuid}`)).statusCode).toBe(200);
  });
});
