/** Definitions for the agent tests: a valid graph and a way to vary it. */

export function validDefinition() {
  return {
    nodes: [
      {
        id: 'start',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: { name: 'Greeting', prompt: 'Greet {{first_name}} and ask about the appointment.' },
      },
      {
        id: 'qualify',
        type: 'agentNode',
        position: { x: 0, y: 150 },
        data: {
          name: 'Qualify',
          prompt: 'Ask whether they want to reschedule.',
          extraction_variables: [
            { name: 'wants_reschedule', type: 'boolean', prompt: 'Does the caller want a new time?' },
            { name: 'preferred_day', type: 'string', prompt: 'Which day do they prefer?' },
          ],
        },
      },
      {
        id: 'end',
        type: 'endCall',
        position: { x: 0, y: 300 },
        data: { name: 'Goodbye', prompt: 'Say goodbye.' },
      },
      {
        id: 'global',
        type: 'globalNode',
        position: { x: 300, y: 0 },
        data: { name: 'Rules', prompt: 'Be brief.' },
      },
    ],
    edges: [
      {
        id: 'e1',
        source: 'start',
        target: 'qualify',
        data: { label: 'confirmed identity', condition: 'Right person.' },
      },
      {
        id: 'e2',
        source: 'qualify',
        target: 'end',
        data: { label: 'done', condition: 'Nothing more to do.' },
      },
      { id: 'e3', source: 'start', target: 'end', data: { label: 'wrong person' } },
    ],
  };
}

export type TestDefinition = ReturnType<typeof validDefinition>;

/** A valid definition changed by `edit`, for tests that need one broken or different graph. */
export function definitionWith(edit: (definition: TestDefinition) => void): TestDefinition {
  const definition = validDefinition();
  edit(definition);
  return definition;
}
