import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentForCall } from '../../db/repositories/agents';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { definitionWith, validDefinition } from './fixtures';
import { agentClient, insertRuns } from './helpers';

describe('agents API', () => {
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

  it('creates an agent from a definition as version 1, published, with defaults filled in', async () => {
    const agent = await agents.create();
    expect(agent).toMatchObject({
      name: 'Reminder agent',
      status: 'active',
      call_type: 'outbound',
      version_number: 1,
      version_status: 'published',
      total_runs: 0,
      template_context_variables: {},
      call_disposition_codes: { disposition_codes: [] },
      workflow_configurations: { max_call_duration_seconds: 1800 },
      workflow_definition: validDefinition(),
    });
    expect(agent.id).toEqual(expect.any(Number));
    expect(agent.current_definition_id).toEqual(expect.any(Number));
    expect(agent.workflow_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(agent.created_at).toISOString()).toBe(agent.created_at);
  });

  it('stores every optional field as sent, and keeps extra keys of nodes and configurations', async () => {
    const definition = definitionWith((d) => {
      (d.nodes[0] as Record<string, unknown>).measured = { width: 200 };
      (d.nodes[0]!.data as Record<string, unknown>).color = 'blue';
    });
    const agent = await agents.create({
      name: 'Inbound desk',
      call_type: 'inbound',
      workflow_definition: definition,
      template_context_variables: { company: 'Acme', discount: 10 },
      workflow_configurations: { max_call_duration_seconds: 600, voice: 'alloy' },
      call_disposition_codes: { disposition_codes: ['interested', 'callback'] },
    });
    const fetched = (await agents.call('GET', `/fetch/${agent.id}`)).json();
    expect(fetched).toEqual(agent);
    expect(fetched).toMatchObject({
      call_type: 'inbound',
      workflow_definition: definition,
      template_context_variables: { company: 'Acme', discount: 10 },
      workflow_configurations: { max_call_duration_seconds: 600, voice: 'alloy' },
      call_disposition_codes: { disposition_codes: ['interested', 'callback'] },
    });
  });

  it('reports every problem of an invalid graph in one 422, located in the body', async () => {
    const definition = definitionWith((d) => {
      d.nodes[1]!.data = { name: 'Qualify' } as never;
      d.nodes.push({
        id: 'start2',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: { name: 'S', prompt: 'p' },
      });
      d.edges.push({ id: 'e9', source: 'end', target: 'nowhere', data: { label: 'x' } });
    });
    const response = await agents.call('POST', '/create/definition', {
      name: 'Bad',
      workflow_definition: definition,
    });
    expect(response.statusCode).toBe(422);
    const locs = response.json().detail.map((issue: { loc: string[] }) => issue.loc);
    expect(locs).toEqual([
      ['body', 'workflow_definition', 'nodes', '1', 'data', 'prompt'],
      ['body', 'workflow_definition', 'nodes', '4', 'type'],
      ['body', 'workflow_definition', 'edges', '3', 'source'],
      ['body', 'workflow_definition', 'edges', '3', 'target'],
    ]);
    const list = (await agents.call('GET', '/fetch?status=active,archived')).json();
    expect(list.map((a: { name: string }) => a.name)).not.toContain('Bad');
  });

  it('rejects invalid settings: a non-positive or fractional call duration, non-string disposition codes', async () => {
    for (const workflow_configurations of [
      { max_call_duration_seconds: 0 },
      { max_call_duration_seconds: 1.5 },
    ]) {
      const response = await agents.call('POST', '/create/definition', {
        name: 'x',
        workflow_definition: validDefinition(),
        workflow_configurations,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc).toEqual([
        'body',
        'workflow_configurations',
        'max_call_duration_seconds',
      ]);
    }
    const codes = await agents.call('POST', '/create/definition', {
      name: 'x',
      workflow_definition: validDefinition(),
      call_disposition_codes: { disposition_codes: [{ code: 'a' }] },
    });
    expect(codes.statusCode).toBe(422);
    // Codes are strings: the object in place of one is named, not the whole list.
    expect(
      codes.json().detail.map((issue: { loc: string[]; type: string }) => [issue.loc, issue.type]),
    ).toEqual([[['body', 'call_disposition_codes', 'disposition_codes', '0'], 'type']]);
    const missingName = await agents.call('POST', '/create/definition', {
      workflow_definition: validDefinition(),
    });
    expect(missingName.json().detail).toEqual([
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
    ]);
  });

  it('lists active agents by default, archived ones on request, with their run counts', async () => {
    const own = await createTestOrganization(t.ctx.db);
    const client = agentClient(t, own);
    const first = await client.create({ name: 'first' });
    const second = await client.create({ name: 'second' });
    await insertRuns(t, own.organizationId, first.id, 3);
    await client.call('PUT', `/${second.id}/status`, { status: 'archived' });

    const active = (await client.call('GET', '/fetch')).json();
    expect(active).toEqual([
      {
        id: first.id,
        name: 'first',
        status: 'active',
        created_at: first.created_at,
        total_runs: 3,
        workflow_uuid: first.workflow_uuid,
      },
    ]);
    const archived = (await client.call('GET', '/fetch?status=archived')).json();
    expect(archived.map((a: { id: number }) => a.id)).toEqual([second.id]);
    const both = (await client.call('GET', '/fetch?status=active,archived')).json();
    expect(both.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
    expect((await client.call('GET', `/fetch/${first.id}`)).json().total_runs).toBe(3);
    expect((await client.call('GET', '/fetch?status=deleted')).statusCode).toBe(422);
  });

  it('changes only the fields sent', async () => {
    const agent = await agents.create({
      template_context_variables: { company: 'Acme' },
      call_disposition_codes: { disposition_codes: ['interested'] },
    });
    const renamed = await agents.call('PUT', `/${agent.id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    const { name, updated_at, ...rest } = renamed.json();
    const { name: _n, updated_at: _u, ...before } = agent;
    expect(name).toBe('Renamed');
    expect(rest).toEqual(before);
    expect(updated_at >= agent.updated_at).toBe(true);

    const configured = await agents.call('PUT', `/${agent.id}`, {
      workflow_configurations: { voice: 'nova' },
      call_disposition_codes: { disposition_codes: ['callback'] },
    });
    expect(configured.json()).toMatchObject({
      name: 'Renamed',
      version_number: 1,
      template_context_variables: { company: 'Acme' },
      workflow_configurations: { voice: 'nova', max_call_duration_seconds: 1800 },
      call_disposition_codes: { disposition_codes: ['callback'] },
    });
  });

  it('archives and restores an agent, keeping its definition and history', async () => {
    const agent = await agents.create();
    await agents.call('PUT', `/${agent.id}`, {
      workflow_definition: definitionWith((d) => (d.nodes[0]!.data.name = 'Hi')),
    });
    const archived = await agents.call('PUT', `/${agent.id}/status`, { status: 'archived' });
    expect(archived.json()).toMatchObject({ status: 'archived', version_number: 2 });
    expect((await agents.call('GET', `/${agent.id}/versions`)).json()).toHaveLength(2);
    const restored = await agents.call('PUT', `/${agent.id}/status`, { status: 'active' });
    expect(restored.json()).toMatchObject({ status: 'active', version_number: 2 });
    expect((await agents.call('PUT', `/${agent.id}/status`, { status: 'deleted' })).statusCode).toBe(422);
  });

  it('documents every agent route in the OpenAPI document', async () => {
    const paths = Object.keys(
      (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths,
    );
    for (const path of [
      '/api/v1/workflow/create/definition',
      '/api/v1/workflow/fetch',
      '/api/v1/workflow/fetch/{workflow_id}',
      '/api/v1/workflow/{workflow_id}',
      '/api/v1/workflow/{workflow_id}/status',
      '/api/v1/workflow/{workflow_id}/versions',
      '/api/v1/workflow/{workflow_id}/versions/{definition_id}',
    ])
      expect(paths).toContain(path);
  });

  it('gives the engine what it needs to place a call', async () => {
    const agent = await agents.create({ call_disposition_codes: { disposition_codes: ['interested'] } });
    expect(await getAgentForCall(t.ctx.db, org.organizationId, agent.id)).toEqual({
      id: agent.id,
      status: 'active',
      current_definition_id: agent.current_definition_id,
      workflow_configurations: { max_call_duration_seconds: 1800 },
      call_disposition_codes: { disposition_codes: ['interested'] },
    });
    const other = await createTestOrganization(t.ctx.db);
    expect(await getAgentForCall(t.ctx.db, other.organizationId, agent.id)).toBeNull();
  });
});
