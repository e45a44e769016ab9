/**
 * `GET /api/v1/node-types` and `/node-types/{name}` (issue 17, item 1): the node specs Dograh's TypeScript SDK reads
 * in `Workflow.add` and `loadWorkflow`, pinned field by field in the shape of Dograh's NodeSpec / PropertySpec, and
 * checked the way the SDK checks node data (sdk-node-check.ts) against what our API stores and our generator makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuiltinAgent } from '../../agents/builtin-generator';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { validDefinition } from './fixtures';
import { readOnlyKeyOf } from './helpers';
import { SdkValidationError, sdkCheckNodeData } from './sdk-node-check';
import {
  NODE_KEYS,
  PROPERTY_KEYS,
  PROPERTY_NAMES,
  SDK_PROPERTY_TYPES,
  type Spec,
} from './node-spec-expectations';

describe('node types API', () => {
  let t: TestApp;
  let org: TestOrganization;
  let specs: Spec[];
  const get = (url: string, headers: Record<string, string> = org.headers) =>
    t.app.inject({ method: 'GET', url: `/api/v1/node-types${url}`, headers });
  const specOf = (name: string) => specs.find((spec) => spec.name === name)!;
  const prop = (node: string, name: string) => specOf(node).properties.find((p) => p.name === name)!;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    specs = (await get('')).json().node_types;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the four node types under spec_version 1.0.0, each with every NodeSpec field', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['node_types', 'spec_version']);
    expect(body.spec_version).toBe('1.0.0');
    expect(body.node_types.map((s: Spec) => s.name)).toEqual([
      'startCall',
      'agentNode',
      'endCall',
      'globalNode',
    ]);
    for (const spec of body.node_types) {
      expect(Object.keys(spec).sort()).toEqual(NODE_KEYS);
      expect(spec).toMatchObject({ version: '1.0.0', docs_url: null, examples: [], graph_constraints: null });
      expect(spec.display_name).toEqual(expect.stringMatching(/\S/));
      expect(spec.description).toEqual(expect.stringMatching(/\S/));
    }
    expect(body.node_types.map((s: Record<string, unknown>) => [s.display_name, s.category, s.icon])).toEqual(
      [
        ['Start Call', 'call_node', 'Play'],
        ['Agent Node', 'call_node', 'Headset'],
        ['End Call', 'call_node', 'OctagonX'],
        ['Global Node', 'global_node', 'Globe'],
      ],
    );
  });

  it('gives every property, and every row property, each PropertySpec field with a type the SDK knows', () => {
    const all = specs.flatMap((spec) =>
      spec.properties.flatMap((p) => [p, ...((p.properties as Spec['properties']) ?? [])]),
    );
    for (const property of all) {
      expect(Object.keys(property).sort(), property.name).toEqual(PROPERTY_KEYS);
      expect(SDK_PROPERTY_TYPES).toContain(property.type);
      expect(property.display_name).toEqual(expect.stringMatching(/\S/));
      expect(property.description).toEqual(expect.stringMatching(/\S/));
      expect(typeof property.required).toBe('boolean');
      expect(property.renderer_options).toBeNull();
      expect(property.properties === null || property.type === 'fixed_collection').toBe(true);
      for (const option of (property.options as Array<Record<string, unknown>>) ?? [])
        expect(Object.keys(option).sort()).toEqual(['description', 'label', 'value']);
    }
  });

  it("lists exactly the keys the engine reads and Dograh's keys of each node type", () => {
    for (const [node, names] of Object.entries(PROPERTY_NAMES))
      expect(
        specOf(node).properties.map((p) => p.name),
        node,
      ).toEqual(names);
  });

  it('marks required and defaults as our graph validation reads them; no other key gets a default', () => {
    const required = specs.flatMap((s) =>
      s.properties.filter((p) => p.required).map((p) => `${s.name}.${p.name}`),
    );
    expect(required).toEqual([
      'startCall.name',
      'startCall.prompt',
      'agentNode.name',
      'agentNode.prompt',
      'endCall.name',
      'globalNode.name',
      'globalNode.prompt',
    ]);
    const defaults = specs.flatMap((s) =>
      s.properties.filter((p) => p.default !== null).map((p) => [`${s.name}.${p.name}`, p.default]),
    );
    expect(defaults).toEqual([
      ['startCall.name', 'Start Call'],
      ['agentNode.name', 'Agent'],
      ['endCall.name', 'End Call'],
      ['globalNode.name', 'Global Node'],
    ]);
    expect(prop('startCall', 'prompt')).toMatchObject({ type: 'mention_textarea', min_length: 1 });
    expect(prop('startCall', 'greeting')).toMatchObject({ type: 'string', required: false });
    expect(prop('endCall', 'transfer_to')).toMatchObject({ type: 'string', required: false });
    expect(prop('endCall', 'transfer_message')).toMatchObject({
      type: 'string',
      required: false,
      min_length: 1,
    });
    expect(prop('startCall', 'pre_call_fetch_mode').options).toEqual(
      ['disabled', 'always', 'inbound', 'outbound'].map((value) => expect.objectContaining({ value })),
    );
  });

  it('describes an extraction variable row as name, type (string, number or boolean) and prompt, all required', () => {
    for (const node of ['startCall', 'agentNode', 'endCall']) {
      const rows = prop(node, 'extraction_variables');
      expect(rows).toMatchObject({ type: 'fixed_collection', required: false, default: null });
      const row = rows.properties as Spec['properties'];
      expect(row.map((p) => [p.name, p.type, p.required, p.default])).toEqual([
        ['name', 'string', true, null],
        ['type', 'options', true, 'string'],
        ['prompt', 'string', true, null],
      ]);
      expect((row[1]!.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
        'string',
        'number',
        'boolean',
      ]);
    }
  });

  it('answers each node type by name with the same spec as the list', async () => {
    for (const spec of specs) {
      const response = await get(`/${spec.name}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(spec);
    }
  });

  it('answers 404 with the contract error body for an unknown name, names matched exactly', async () => {
    for (const name of ['trigger', 'StartCall', 'startcall', 'webhook']) {
      const response = await get(`/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({
        detail: 'node_type_not_found',
        message: `Unknown node type: "${name}"`,
      });
    }
  });

  it("answers 400 or 404, never 500, for odd names; past 100 characters 414, with a NUL the guard's 422", async () => {
    for (const name of [
      'x'.repeat(100),
      '%E0%A4%A',
      'a%2Fb',
      '..%2F..%2Fetc',
      '%F0%9F%93%9E',
      'start%20Call',
    ]) {
      const response = await get(`/${name}`);
      expect([400, 404], name.slice(0, 20)).toContain(response.statusCode);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    // Fastify's limit on a path segment (maxParamLength 100), answered by the shared frameworkErrors handler.
    for (const length of [101, 5000]) {
      const tooLong = await get(`/${'x'.repeat(length)}`);
      expect(tooLong.statusCode, String(length)).toBe(414);
      expect(tooLong.json().detail).toBe('uri_too_long');
    }
    for (const name of ['start%00Call', '%00']) {
      const response = await get(`/${name}`);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['path', 'name'], type: 'string_unicode' }),
      ]);
    }
  });

  it('authenticates like the other routes: 401 without credentials, a read-only key may read', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/node-types' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('not_authenticated');
    expect((await get('/startCall', {})).statusCode).toBe(401);
    const reader = await readOnlyKeyOf(t, org.organizationId);
    expect((await get('', reader.headers)).statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
    expect(paths['/api/v1/node-types'].get.responses['200']).toBeDefined();
    expect(paths['/api/v1/node-types/{name}'].get.responses['404']).toBeDefined();
  });

  it('lets data checked as the SDK checks it be saved, and stored data load back through the same check', async () => {
    const add = (id: string, type: string, input: Record<string, unknown>) => ({
      id,
      type,
      position: { x: 0, y: 0 },
      data: sdkCheckNodeData(specOf(type), input),
    });
    const nodes = [
      add('start', 'startCall', {
        prompt: 'Greet {{first_name}}.',
        greeting_type: 'text',
        greeting: 'Hi!',
        allow_interrupt: false,
        tool_uuids: [],
        pre_call_fetch_mode: 'disabled',
      }),
      add('qualify', 'agentNode', {
        name: 'Qualify',
        prompt: 'Ask.',
        extraction_enabled: true,
        extraction_variables: [{ name: 'day', prompt: 'Which day?' }],
      }),
      add('handoff', 'endCall', { transfer_to: '+15551234567', transfer_message: 'One moment.' }),
      add('global', 'globalNode', { prompt: 'Be brief.' }),
    ];
    expect(nodes[1]!.data.extraction_variables).toEqual([
      { name: 'day', type: 'string', prompt: 'Which day?' },
    ]);
    const edges = [
      { id: 'e1', source: 'start', target: 'qualify', data: { label: 'next' } },
      { id: 'e2', source: 'qualify', target: 'handoff', data: { label: 'done' } },
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: org.headers,
      payload: { name: 'SDK agent', workflow_definition: { nodes, edges } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json().workflow_definition.nodes as Array<{
      type: string;
      data: Record<string, unknown>;
    }>;
    for (const node of stored) expect(sdkCheckNodeData(specOf(node.type), node.data)).toEqual(node.data);
    expect(() => sdkCheckNodeData(specOf('agentNode'), { prompt: 'x', colour: 'blue' })).toThrow(
      SdkValidationError,
    );
    expect(() => sdkCheckNodeData(specOf('globalNode'), { prompt: ' ' })).toThrow(
      /required field missing: prompt/,
    );
  });

  it('passes the SDK check on the nodes our own generator and fixtures make', () => {
    const generated = (['inbound', 'outbound'] as const).map(
      (call_type) =>
        generateBuiltinAgent({ call_type, use_case: 'reminders', activity_description: 'Remind.' })
          .definition,
    );
    for (const definition of [...generated, validDefinition()])
      for (const node of definition.nodes)
        expect(() => sdkCheckNodeData(specOf(node.type), node.data as Record<string, unknown>)).not.toThrow();
  });
});
