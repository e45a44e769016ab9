import { describe, expect, it } from 'vitest';
import { CREDENTIAL_TYPES as SERVER_CREDENTIAL_TYPES } from '../../api/routes/webhook-credentials/credential-types';
import { checkToolDefinition } from '../../tools/definition';
import { TOOL_CATEGORIES as SERVER_CATEGORIES } from '../../tools/definition-schemas';
import { CREDENTIAL_TYPES } from '../../dashboard/src/pages/credentials/credential-types';
import { definitionOf } from '../../dashboard/src/pages/tools/tool-definition';
import {
  blankDraft,
  draftOf,
  TOOL_CATEGORIES,
  type ToolDraft,
} from '../../dashboard/src/pages/tools/tool-draft';

// The credential and tool forms keep copies of server rules (the dashboard reaches the service only over HTTP); these
// tests hold the copies to the originals, and every definition the tool form builds to the server's own checker.
const CREDENTIAL = '0b5a3c1e-8f2d-4e6a-9c7b-1d2e3f4a5b6c';

/** A draft of each category with every field the form draws filled in. */
const FILLED: ToolDraft[] = [
  {
    ...blankDraft('http_api'),
    name: 'Look up order',
    description: 'Finds an order.',
    method: 'PATCH',
    url: 'https://api.example.com/orders/{{order_id}}',
    headers: [{ name: 'X-Source', value: 'voice-agent' }],
    credential_uuid: CREDENTIAL,
    parameters: [
      { name: 'order_id', type: 'string', description: 'The order.', required: true },
      { name: 'items', type: 'array', description: 'What to add.', required: false },
    ],
    preset_parameters: [{ name: 'agent', type: 'string', value_template: '{{agent_name}}', required: false }],
    timeout_ms: '2500',
    customMessage: 'Let me look.',
    body_template: JSON.stringify({ order: '{{order_id}}', items: '{{items}}' }, null, 2),
  },
  {
    ...blankDraft('end_call'),
    name: 'Hang up',
    messageType: 'custom',
    customMessage: 'Goodbye!',
    endCallReason: true,
    endCallReasonDescription: 'Why.',
  },
  {
    ...blankDraft('transfer_call'),
    name: 'Front desk',
    destination_source: 'static',
    destination: '+14155550123',
    messageType: 'custom',
    customMessage: 'Transferring you now.',
    timeout: '30',
    parameters: [{ name: 'reason', type: 'string', description: 'Why.', required: true }],
  },
  {
    ...blankDraft('transfer_call'),
    name: 'Resolved desk',
    destination_source: 'dynamic',
    resolver: JSON.stringify({ url: 'https://api.example.com/route', timeout_ms: 2000 }, null, 2),
  },
  {
    ...blankDraft('transfer_call'),
    name: 'Regional desk',
    destination_source: 'context_mapping',
    context_mapping: JSON.stringify(
      {
        rules: [{ context_path: 'region', routes: [{ context_value: 'east', destination: '+12125550100' }] }],
      },
      null,
      2,
    ),
  },
  { ...blankDraft('calculator'), name: 'Sums' },
  {
    ...blankDraft('mcp'),
    name: 'Orders server',
    url: 'https://mcp.example.com/mcp',
    credential_uuid: CREDENTIAL,
    tools_filter: 'lookup_order\ncancel_order',
    timeout_secs: '20',
    sse_read_timeout_secs: '120',
  },
];

describe('credential and tool forms: rules shared with the server', () => {
  it('offers the credential types with their fields, secrets where the server keeps secrets', () => {
    const server = Object.values(SERVER_CREDENTIAL_TYPES).map((type) => ({
      type: type.provider,
      fields: type.fields.map((field) => ({ name: field.name, secret: field.sensitive })),
    }));
    const form = CREDENTIAL_TYPES.map((type) => ({
      type: type.type,
      fields: type.fields.map((field) => ({ name: field.name, secret: field.secret })),
    }));
    expect(form).toEqual(server);
  });

  it('offers the tool categories the server accepts', () => {
    expect(TOOL_CATEGORIES.map((category) => category.value)).toEqual([...SERVER_CATEGORIES]);
  });

  it.each(FILLED.map((draft) => [draft.name, draft] as const))(
    'builds a definition of %s the server accepts, which reads back as the same draft',
    (_, draft) => {
      const { definition, problems } = definitionOf(draft, null);
      expect(problems).toEqual([]);
      const checked = checkToolDefinition(structuredClone(definition), draft.category, ['definition']);
      expect(checked.issues).toEqual([]);
      expect(
        draftOf({ name: draft.name, description: draft.description, category: draft.category, definition }),
      ).toEqual(draft);
    },
  );

  it("keeps the stored config's keys the form does not draw, and names JSON that does not parse", () => {
    const stored = {
      schema_version: 1,
      type: 'mcp',
      config: { url: 'https://a.example/mcp', discovered_tools: [{ name: 'x' }] },
    };
    const draft = {
      ...draftOf({ name: 'MCP', description: null, category: 'mcp', definition: stored }),
      timeout_secs: '5',
    };
    expect(definitionOf(draft, stored).definition).toEqual({
      schema_version: 1,
      type: 'mcp',
      config: { url: 'https://a.example/mcp', discovered_tools: [{ name: 'x' }], timeout_secs: 5 },
    });
    const broken = { ...blankDraft('http_api'), url: 'https://a.example', body_template: '{"a": ' };
    expect(definitionOf(broken, null).problems).toEqual([
      { field: 'definition.config.body_template', message: 'This is not valid JSON.' },
    ]);
  });
});
