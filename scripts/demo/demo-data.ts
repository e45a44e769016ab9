/** What the demo organization holds: an agent's graph and contact lists the simulator dials. */

/** A short appointment-reminder agent: greet, confirm, say goodbye. */
export const DEMO_AGENT = {
  name: 'Demo: appointment reminder',
  workflow_definition: {
    nodes: [
      {
        id: 'start',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: { name: 'Greeting', prompt: 'Greet {{first_name}} and remind them of tomorrow\u2019s appointment.' },
      },
      {
        id: 'confirm',
        type: 'agentNode',
        position: { x: 0, y: 160 },
        data: {
          name: 'Confirm',
          prompt: 'Ask whether they will come, or want another time.',
          extraction_variables: [
            { name: 'will_attend', type: 'boolean', prompt: 'Will the caller come to the appointment?' },
          ],
        },
      },
      {
        id: 'end',
        type: 'endCall',
        position: { x: 0, y: 320 },
        data: { name: 'Goodbye', prompt: 'Thank them and say goodbye.' },
      },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'confirm', data: { label: 'reached', condition: 'The right person answered.' } },
      { id: 'e2', source: 'confirm', target: 'end', data: { label: 'done', condition: 'They answered the question.' } },
    ],
  },
};

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken'];

/**
 * A CSV of `count` contacts on the 555-01xx fictional range. The simulator picks each call's outcome from the last
 * digit (0–5 completed, 6 busy, 7 no answer, 8 voicemail, 9 failed), so the list shows every outcome.
 */
export function demoContactsCsv(count: number, firstNumber: number): string {
  const rows = ['phone_number,first_name'];
  for (let i = 0; i < count; i++) {
    const line = String(firstNumber + i).padStart(4, '0');
    rows.push(`+1212555${line},${FIRST_NAMES[i % FIRST_NAMES.length]}`);
  }
  return `${rows.join('\n')}\n`;
}
