import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { definitionWith, validDefinition } from './fixtures';
import { agentClient, readOnlyKeyOf } from './helpers';

const renamedStart = (name: string) => definitionWith((d) => (d.nodes[0]!.data.name = name));

describe('agent definition versions', () => {
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

  it('makes a changed definition version n+1 and keeps earlier versions readable and unchanged', async () => {
    const agent = await agents.create();
    const updated = (
      await agents.call('PUT', `/${agent.id}`, { workflow_definition: renamedStart('Hello') })
    ).json();
    expect(updated).toMatchObject({ version_number: 2, version_status: 'published', name: agent.name });
    expect(updated.current_definition_id).not.toBe(agent.current_definition_id);
    expect(updated.workflow_definition).toEqual(renamedStart('Hello'));

    // Dograh's shape: a bare array; its names (workflow_json, published_at, the settings) beside ours.
    const versions = (await agents.call('GET', `/${agent.id}/versions`)).json();
    expect(versions).toEqual([
      {
        id: updated.current_definition_id,
        version_number: 2,
        status: 'published',
        created_at: expect.any(String),
        published_at: expect.any(String),
        workflow_definition: renamedStart('Hello'),
        workflow_json: renamedStart('Hello'),
        workflow_configurations: updated.workflow_configurations,
        template_context_variables: updated.template_context_variables,
      },
      {
        id: agent.current_definition_id,
        version_number: 1,
        status: 'archived',
        created_at: expect.any(String),
        published_at: expect.any(String),
        workflow_definition: validDefinition(),
        workflow_json: validDefinition(),
        workflow_configurations: null,
        template_context_variables: null,
      },
    ]);
    expect(versions[0].published_at).toBe(versions[0].created_at);
    const first = await agents.call('GET', `/${agent.id}/versions/${agent.current_definition_id}`);
    expect(first.json()).toEqual(versions[1]);
  });

  it('makes no new version when the definition sent equals the current one, in any key order', async () => {
    const agent = await agents.create();
    const reordered = JSON.parse(
      JSON.stringify(validDefinition(), (_key, value) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    );
    const response = await agents.call('PUT', `/${agent.id}`, {
      workflow_definition: reordered,
      name: 'Same graph',
    });
    expect(response.json()).toMatchObject({
      name: 'Same graph',
      version_number: 1,
      current_definition_id: agent.current_definition_id,
    });
    expect((await agents.call('GET', `/${agent.id}/versions`)).json()).toHaveLength(1);
  });

  it('rejects an invalid new definition with every problem and changes nothing', async () => {
    const agent = await agents.create();
    const broken = definitionWith((d) => {
      d.nodes[0]!.data = { name: '' } as never;
      d.edges[0]!.target = 'ghost';
    });
    const response = await agents.call('PUT', `/${agent.id}`, { name: 'Never', workflow_definition: broken });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc.join('.'))).toEqual([
      'body.workflow_definition.nodes.0.data.name',
      'body.workflow_definition.nodes.0.data.prompt',
      'body.workflow_definition.edges.0.target',
    ]);
    expect((await agents.call('GET', `/fetch/${agent.id}`)).json()).toEqual(agent);
  });

  it('gives concurrent definition updates distinct, consecutive version numbers', async () => {
    const agent = await agents.create();
    const updates = Array.from({ length: 12 }, (_, i) =>
      agents.call('PUT', `/${agent.id}`, { workflow_definition: renamedStart(`Variant ${i}`) }),
    );
    const responses = await Promise.all(updates);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));

    const versions = (await agents.call('GET', `/${agent.id}/versions`)).json();
    const numbers = versions.map((v: { version_number: number }) => v.version_number);
    expect(numbers).toEqual(Array.from({ length: 13 }, (_, i) => 13 - i));
    expect(versions.filter((v: { status: string }) => v.status === 'published')).toHaveLength(1);
    const current = (await agents.call('GET', `/fetch/${agent.id}`)).json();
    expect(current).toMatchObject({ version_number: 13, current_definition_id: versions[0].id });
  });

  it('answers 404 for an agent or a definition of another organization, on every path', async () => {
    const agent = await agents.create();
    const stranger = agentClient(t, await createTestOrganization(t.ctx.db));
    const theirs = await stranger.create();
    const attempts = [
      stranger.call('GET', `/fetch/${agent.id}`),
      stranger.call('PUT', `/${agent.id}`, { name: 'stolen' }),
      stranger.call('PUT', `/${agent.id}`, { workflow_definition: renamedStart('stolen') }),
      stranger.call('PUT', `/${agent.id}/status`, { status: 'archived' }),
      stranger.call('GET', `/${agent.id}/versions`),
      stranger.call('GET', `/${agent.id}/versions/${agent.current_definition_id}`),
      agents.call('GET', `/${agent.id}/versions/${theirs.current_definition_id}`),
      agents.call('GET', '/fetch/999999999'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/^agent(_definition)?_not_found$/);
    }
    const list = (await stranger.call('GET', '/fetch?status=active,archived')).json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([theirs.id]);
    expect((await agents.call('GET', `/fetch/${agent.id}`)).json()).toEqual(agent);
  });

  it('lets a read-only key read agents but not create, update, archive or restore them', async () => {
    const agent = await agents.create();
    const reader = agentClient(t, await readOnlyKeyOf(t, org.organizationId));
    expect((await reader.call('GET', `/fetch/${agent.id}`)).statusCode).toBe(200);
    const writes = [
      reader.call('POST', '/create/definition', { name: 'x', workflow_definition: validDefinition() }),
      reader.call('PUT', `/${agent.id}`, { name: 'x' }),
      reader.call('PUT', `/${agent.id}/status`, { status: 'archived' }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode).toBe(403);
    expect((await agents.call('GET', `/fetch/${agent.id}`)).json()).toEqual(agent);
  });
});
