/**
 * An endCall that hands the call to a person (issue 16): `transfer_to` is an E.164 number or a SIP URI, nothing else,
 * on an endCall only; the agents API refuses anything else with a 422 naming the node, on create and on update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferOf, DEFAULT_TRANSFER_MESSAGE } from '../../agents/transfer';
import type { AgentNode } from '../../agents/definition';
import { validateAgentDefinition } from '../../agents/validate-graph';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { definitionWith } from './fixtures';
import { agentClient } from './helpers';

/** The fixture graph whose endCall (`end`, node 2) carries `data`'s keys. */
const endWith = (data: Record<string, unknown>) =>
  definitionWith((d) => Object.assign(d.nodes[2]!.data as Record<string, unknown>, data));

const problemsOf = (data: Record<string, unknown>) =>
  validateAgentDefinition(endWith(data)).map((p) => ({ loc: p.loc.join('.'), msg: p.msg }));

describe('an endCall that transfers the call', () => {
  it.each([
    '+15551234567',
    '+4930123456',
    '+123456789012345',
    'sip:desk@pbx.example.com',
    'sips:support.team@10.0.0.5:5061',
  ])('accepts the destination %s', (destination) => {
    expect(problemsOf({ transfer_to: destination, transfer_message: 'One moment.' })).toEqual([]);
  });

  it.each([
    ['a number without +', '15551234567'],
    ['a + with 7 digits', '+1555123'],
    ['a + with 16 digits', '+1234567890123456'],
    ['a leading zero', '+0555123456'],
    ['spaces', '+1 555 123 4567'],
    ['a SIP URI without user', 'sip:pbx.example.com'],
    ['another scheme', 'tel:+15551234567'],
    ['a web address', 'https://example.com/desk'],
    ['an empty string', ''],
    ['a number value', 15551234567],
  ])('refuses %s, naming the node', (_, destination) => {
    expect(problemsOf({ transfer_to: destination })).toEqual([
      {
        loc: 'nodes.2.data.transfer_to',
        msg: expect.stringMatching(/^Node "end": transfer_to must be an E\.164/),
      },
    ]);
  });

  it('refuses transfer_to on a node that is not an endCall, and an empty transfer_message', () => {
    const onAgentNode = definitionWith((d) => {
      (d.nodes[1]!.data as Record<string, unknown>).transfer_to = '+15551234567';
    });
    expect(validateAgentDefinition(onAgentNode)).toEqual([
      expect.objectContaining({
        loc: ['nodes', '1', 'data', 'transfer_to'],
        msg: 'Node "qualify": transfer_to is only allowed on an endCall node.',
      }),
    ]);
    expect(problemsOf({ transfer_to: '+15551234567', transfer_message: '  ' })).toEqual([
      {
        loc: 'nodes.2.data.transfer_message',
        msg: 'Node "end": transfer_message must be a non-empty string.',
      },
    ]);
  });

  it('reads the transfer of a node: its message, or the default line', () => {
    const node = (data: Record<string, unknown>): AgentNode =>
      ({ id: 'x', type: 'endCall', data: { name: 'X', ...data } }) as AgentNode;
    expect(transferOf(node({ transfer_to: 'sip:desk@pbx.example.com' }))).toEqual({
      destination: 'sip:desk@pbx.example.com',
      message: DEFAULT_TRANSFER_MESSAGE,
    });
    expect(transferOf(node({ transfer_to: '+15551234567', transfer_message: 'Hold on.' }))).toEqual({
      destination: '+15551234567',
      message: 'Hold on.',
    });
    expect(transferOf(node({}))).toBeNull();
  });
});

describe('the agents API and transfer nodes', () => {
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

  it('stores a transfer node, and refuses a bad destination with a 422 naming the node on create and update', async () => {
    const good = endWith({ transfer_to: '+15551234567', transfer_message: 'Putting you through.' });
    const created = await agents.call('POST', '/create/definition', {
      name: 'Transfers',
      workflow_definition: good,
    });
    expect(created.statusCode).toBe(201);
    const agent = created.json();
    expect(agent.workflow_definition.nodes[2].data).toMatchObject({
      transfer_to: '+15551234567',
      transfer_message: 'Putting you through.',
    });

    const bad = endWith({ transfer_to: 'call the desk' });
    const refusedCreate = await agents.call('POST', '/create/definition', {
      name: 'Bad transfer',
      workflow_definition: bad,
    });
    expect(refusedCreate.statusCode).toBe(422);
    expect(refusedCreate.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'workflow_definition', 'nodes', '2', 'data', 'transfer_to'],
        msg: expect.stringContaining('Node "end": transfer_to must be an E.164 number'),
      }),
    ]);

    const refusedUpdate = await agents.call('PUT', `/${agent.id}`, { workflow_definition: bad });
    expect(refusedUpdate.statusCode).toBe(422);
    expect(refusedUpdate.json().detail[0].loc).toEqual([
      'body',
      'workflow_definition',
      'nodes',
      '2',
      'data',
      'transfer_to',
    ]);
    const kept = await agents.call('GET', `/fetch/${agent.id}`);
    expect(kept.json().workflow_definition.nodes[2].data.transfer_to).toBe('+15551234567');
  });
});
