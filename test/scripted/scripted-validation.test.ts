/** The checks of scripted nodes and their branches (agents/validate-script.ts), through the graph validator. */
import { describe, expect, it } from 'vitest';
import { validateAgentDefinition } from '../../agents/validate-graph';
import { reminderAgent } from './scripted-fixtures';

const reminder = () => reminderAgent().workflow_definition;
const locations = (definition: unknown) =>
  validateAgentDefinition(definition).map((problem) => problem.loc.join('.'));

describe('validating scripted nodes', () => {
  it('accepts the reminder as it is', () => {
    expect(validateAgentDefinition(reminder())).toEqual([]);
  });

  it('asks a scripted step for its line and refuses captures with unknown patterns', () => {
    const definition = reminder();
    const data = definition.nodes[0]!.data as Record<string, unknown>;
    delete data.script_line;
    data.script_capture = [{ name: 'when', pattern: 'time' }, { pattern: 'digits' }];
    expect(locations(definition)).toEqual([
      'nodes.0.data.script_line',
      'nodes.0.data.script_capture.0.pattern',
      'nodes.0.data.script_capture.1.name',
    ]);
  });

  it('refuses branch keys of the wrong kind and two default edges from one node', () => {
    const definition = reminder();
    Object.assign(definition.edges[0]!.data, { dtmf: 'one', is_default: true });
    Object.assign(definition.edges[1]!.data, { keywords: 'no', timeout_seconds: 0, is_default: true });
    expect(locations(definition)).toEqual([
      'edges.0.data.dtmf',
      'edges.1.data.keywords',
      'edges.1.data.timeout_seconds',
      'edges.1.data.is_default',
    ]);
  });
});
