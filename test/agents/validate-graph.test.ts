import { describe, expect, it } from 'vitest';
import { validateAgentDefinition } from '../../agents/validate-graph';
import { definitionWith, validDefinition } from './fixtures';

const locs = (definition: unknown) => validateAgentDefinition(definition).map((p) => p.loc.join('.'));

describe('workflow definition validation', () => {
  it('accepts a graph with one start, agent steps, an end and a global node', () => {
    expect(validateAgentDefinition(validDefinition())).toEqual([]);
  });

  it('accepts nodes without a position and keeps extra keys out of its concern', () => {
    const definition = definitionWith((d) => {
      for (const node of d.nodes) delete (node as { position?: unknown }).position;
      (d.nodes[0]!.data as Record<string, unknown>).editor_color = 'blue';
    });
    expect(validateAgentDefinition(definition)).toEqual([]);
  });

  it('rejects something that is not a graph', () => {
    expect(locs(null)).toEqual(['']);
    expect(locs({ nodes: 'x' })).toEqual(['nodes', 'edges']);
  });

  it('requires exactly one startCall', () => {
    const none = definitionWith((d) => {
      d.nodes = d.nodes.filter((n) => n.type !== 'startCall');
      d.edges = d.edges.filter((e) => e.source !== 'start');
    });
    expect(validateAgentDefinition(none)).toContainEqual(
      expect.objectContaining({ loc: ['nodes'], msg: expect.stringContaining('exactly one startCall') }),
    );
    const two = definitionWith((d) => {
      d.nodes.push({
        id: 'start2',
        type: 'startCall',
        position: { x: 1, y: 1 },
        data: { name: 'S', prompt: 'p' },
      });
    });
    expect(locs(two)).toEqual(['nodes.4.type']);
  });

  it('accepts a graph without any endCall (as Dograh does), but an endCall it has must be reachable', () => {
    const noEnd = definitionWith((d) => {
      d.nodes = d.nodes.filter((n) => n.type !== 'endCall');
      d.edges = d.edges.filter((e) => e.target !== 'end');
    });
    expect(noEnd.nodes.some((n) => n.type === 'endCall')).toBe(false);
    expect(validateAgentDefinition(noEnd)).toEqual([]);
    const noEndButBroken = definitionWith((d) => {
      d.nodes = d.nodes.filter((n) => n.type !== 'endCall');
      d.edges = d.edges.filter((e) => e.target !== 'end');
      d.edges.push({ id: 'e9', source: 'qualify', target: 'nowhere', data: { label: 'lost' } });
    });
    expect(locs(noEndButBroken)).toEqual([`edges.${noEndButBroken.edges.length - 1}.target`]);
    const unreachable = definitionWith((d) => {
      d.edges = d.edges.filter((e) => e.target !== 'end');
    });
    expect(validateAgentDefinition(unreachable)).toEqual([
      { loc: ['edges'], msg: 'No endCall node can be reached from the startCall node.', type: 'value_error' },
    ]);
  });

  it('allows at most one globalNode, and no edges touching it', () => {
    const definition = definitionWith((d) => {
      d.nodes.push({
        id: 'global2',
        type: 'globalNode',
        position: { x: 0, y: 0 },
        data: { name: 'G', prompt: 'p' },
      });
      d.edges.push({ id: 'e4', source: 'global', target: 'qualify', data: { label: 'from global' } });
      d.edges.push({ id: 'e5', source: 'qualify', target: 'global', data: { label: 'to global' } });
    });
    expect(locs(definition)).toEqual(['nodes.4.type', 'edges.3.source', 'edges.4.target']);
  });

  it('forbids edges into the startCall and out of an endCall', () => {
    const definition = definitionWith((d) => {
      d.edges.push({ id: 'e4', source: 'qualify', target: 'start', data: { label: 'again' } });
      d.edges.push({ id: 'e5', source: 'end', target: 'qualify', data: { label: 'after end' } });
    });
    expect(locs(definition)).toEqual(['edges.3.target', 'edges.4.source']);
  });

  it('requires unique node ids and known node types', () => {
    const definition = definitionWith((d) => {
      d.nodes[1]!.id = 'start';
      d.nodes[3]!.type = 'menuNode';
    });
    // The renamed node also leaves the edges into and out of `qualify` pointing at nothing.
    expect(locs(definition)).toEqual(['nodes.1.id', 'nodes.3.type', 'edges.0.target', 'edges.1.source']);
  });

  it('requires a name on every node and a prompt on start, agent and global nodes only', () => {
    const definition = definitionWith((d) => {
      d.nodes[0]!.data = { name: '', prompt: 'p' };
      d.nodes[1]!.data = { name: 'Qualify' } as never;
      d.nodes[2]!.data = { name: 'Goodbye' } as never;
      d.nodes[3]!.data = { name: 'Rules', prompt: '   ' };
    });
    expect(locs(definition)).toEqual(['nodes.0.data.name', 'nodes.1.data.prompt', 'nodes.3.data.prompt']);
  });

  it('checks extraction variables: name, type among string|number|boolean, prompt, unique names', () => {
    const definition = definitionWith((d) => {
      d.nodes[1]!.data.extraction_variables = [
        { name: 'age', type: 'integer', prompt: 'How old?' },
        { name: '', type: 'string', prompt: '' },
        { name: 'age', type: 'number', prompt: 'Again?' },
      ];
    });
    expect(locs(definition)).toEqual([
      'nodes.1.data.extraction_variables.0.type',
      'nodes.1.data.extraction_variables.1.name',
      'nodes.1.data.extraction_variables.1.prompt',
      'nodes.1.data.extraction_variables.2.name',
    ]);
  });

  it('requires edges to join existing nodes, unique edge ids, a label, and labels unique per source', () => {
    const definition = definitionWith((d) => {
      d.edges.push({ id: 'e1', source: 'qualify', target: 'nowhere', data: { label: 'lost' } });
      d.edges.push({ id: 'e5', source: 'start', target: 'qualify', data: { label: 'confirmed identity' } });
      d.edges.push({ id: 'e6', source: 'qualify', target: 'end', data: { label: '' } });
      d.edges.push({ id: 'e7', source: 'ghost', target: 'end', data: { label: 'x' } });
    });
    expect(locs(definition)).toEqual([
      'edges.3.id',
      'edges.3.target',
      'edges.4.data.label',
      'edges.5.data.label',
      'edges.6.source',
    ]);
  });

  it('allows the same label on edges that leave different nodes', () => {
    const definition = definitionWith((d) => {
      d.edges[2]!.data.label = 'done';
    });
    expect(validateAgentDefinition(definition)).toEqual([]);
  });

  it('reports every problem at once, each with its own location', () => {
    const definition = definitionWith((d) => {
      d.nodes[1]!.data = { name: 'Qualify' } as never;
      d.nodes[2]!.id = 'start';
      d.edges[1]!.data.label = '';
    });
    // Renaming `end` to `start` also leaves both edges into `end` without a target.
    expect(validateAgentDefinition(definition)).toEqual([
      {
        loc: ['nodes', '1', 'data', 'prompt'],
        msg: expect.stringContaining('prompt is required'),
        type: 'missing',
      },
      { loc: ['nodes', '2', 'id'], msg: 'Node id "start" is used twice.', type: 'value_error' },
      { loc: ['edges', '1', 'target'], msg: 'No node has the id "end".', type: 'value_error' },
      { loc: ['edges', '1', 'data', 'label'], msg: 'label is required.', type: 'missing' },
      { loc: ['edges', '2', 'target'], msg: 'No node has the id "end".', type: 'value_error' },
    ]);
  });
});
