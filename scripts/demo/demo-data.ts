/** What the demo organization holds: an agent's graph and contact lists the simulator dials. */

/**
 * A scripted appointment reminder (docs/agents.md, "Scripted nodes"): it talks with no LLM configured, so a fresh
 * machine's demo runs have two-sided transcripts and recordings. Confirm (1, yes) or cancel (2, no); 10 s of silence
 * end the call with a promise to call back.
 */
export const DEMO_AGENT = {
  name: 'Demo: appointment reminder',
  workflow_definition: {
    nodes: [
      {
        id: 'start',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: {
          name: 'Reminder',
          prompt: 'Greet {{first_name}} and remind them of tomorrow\u2019s appointment.',
          scripted: true,
          script_line:
            'Hello {{first_name}}, this is a reminder of your appointment tomorrow at 10. ' +
            'Press 1 or say yes to confirm, press 2 or say no to cancel.',
          script_reprompt:
            'Sorry, I did not catch that. Press 1 or say yes to confirm, press 2 or say no to cancel.',
          script_capture: [{ name: 'will_attend', pattern: 'yes_no' }],
        },
      },
      {
        id: 'confirmed',
        type: 'endCall',
        position: { x: -200, y: 160 },
        data: {
          name: 'Confirmed',
          scripted: true,
          script_line: 'Thank you, see you tomorrow at 10. Goodbye.',
        },
      },
      {
        id: 'cancelled',
        type: 'endCall',
        position: { x: 0, y: 160 },
        data: { name: 'Cancelled', scripted: true, script_line: 'Your appointment is cancelled. Goodbye.' },
      },
      {
        id: 'later',
        type: 'endCall',
        position: { x: 200, y: 160 },
        data: { name: 'No answer', scripted: true, script_line: 'We will call you back later. Goodbye.' },
      },
    ],
    edges: [
      {
        id: 'e1',
        source: 'start',
        target: 'confirmed',
        data: { label: 'confirm', dtmf: '1', keywords: ['yes', 'confirm'], disposition: 'confirmed' },
      },
      {
        id: 'e2',
        source: 'start',
        target: 'cancelled',
        data: { label: 'cancel', dtmf: '2', keywords: ['no', 'cancel'], disposition: 'cancelled' },
      },
      {
        id: 'e3',
        source: 'start',
        target: 'later',
        data: { label: 'silence', timeout_seconds: 10, disposition: 'no_decision' },
      },
    ],
  },
  call_disposition_codes: { disposition_codes: ['confirmed', 'cancelled', 'no_decision'] },
};

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Margaret',
  'Ken',
];

/** What the scripted callees answer (their `callee_script`): by voice, by key, off script then on, or not at all. */
const CALLEE_SCRIPTS = [
  'Yes, I will be there.',
  '[press 2]',
  'Sorry, who is this?|Yes.',
  '[press 1]',
  'No.',
  '||',
];

/**
 * A CSV of `count` contacts on the 555-01xx fictional range, each with a `callee_script` (the simulator's callee
 * follows it, no LLM needed). The simulator picks each call's outcome from the last digit (0–5 completed, 6 busy,
 * 7 no answer, 8 voicemail, 9 failed), so the list shows every outcome.
 */
export function demoContactsCsv(count: number, firstNumber: number): string {
  const rows = ['phone_number,first_name,callee_script'];
  for (let i = 0; i < count; i++) {
    const line = String(firstNumber + i).padStart(4, '0');
    rows.push(
      `+1212555${line},${FIRST_NAMES[i % FIRST_NAMES.length]},"${CALLEE_SCRIPTS[i % CALLEE_SCRIPTS.length]}"`,
    );
  }
  return `${rows.join('\n')}\n`;
}
