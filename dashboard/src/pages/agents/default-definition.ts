import type { AgentDefinitionJson } from './editor/graph-model';

/** The starting point of a new agent: a greeting, one step and a goodbye. */
export function minimalDefinition(): AgentDefinitionJson {
  return {
    nodes: [
      node('start', 'startCall', 0, 'Greeting', 'Greet {{first_name}} and say why you are calling.'),
      node('talk', 'agentNode', 160, 'Conversation', 'Answer their questions briefly.'),
      node('end', 'endCall', 320, 'Goodbye', 'Thank them and say goodbye.'),
    ],
    edges: [
      {
        id: 'e1',
        source: 'start',
        target: 'talk',
        data: { label: 'listening', condition: 'The person is listening.' },
      },
      {
        id: 'e2',
        source: 'talk',
        target: 'end',
        data: { label: 'done', condition: 'The person has no more questions.' },
      },
    ],
  };
}

function node(id: string, type: string, y: number, name: string, prompt: string) {
  return { id, type, position: { x: 0, y }, data: { name, prompt } };
}
