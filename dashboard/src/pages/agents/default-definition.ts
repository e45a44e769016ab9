import type { AgentDefinitionJson } from './editor/graph-model';

const YES_OR_NO = 'Say yes or press 1 to confirm, say no or press 2 to cancel.';

/**
 * The starting point of a new agent: an appointment reminder of scripted steps (docs/agents.md, "Scripted nodes"), so
 * that it talks on a fresh install with no LLM configured. Each step's prompt says what it is for, should someone
 * turn `scripted` off and let an LLM speak there.
 */
export function minimalDefinition(): AgentDefinitionJson {
  return {
    nodes: [
      node('start', 'startCall', 0, {
        name: 'Greeting',
        prompt: 'Greet {{first_name}}, remind them of their appointment tomorrow and ask them to confirm it.',
        scripted: true,
        script_line: `Hello {{first_name}}, this is a reminder of your appointment tomorrow. ${YES_OR_NO}`,
        script_reprompt: `Sorry, I did not catch that. ${YES_OR_NO}`,
        script_capture: [{ name: 'confirmed', pattern: 'yes_no' }],
      }),
      node('confirmed', 'endCall', 160, {
        name: 'Confirmed',
        prompt: 'Thank them and say goodbye.',
        scripted: true,
        script_line: 'Thank you, see you tomorrow. Goodbye.',
      }),
      node('cancelled', 'endCall', 320, {
        name: 'Cancelled',
        prompt: 'Say the appointment is cancelled and goodbye.',
        scripted: true,
        script_line: 'Your appointment is cancelled. Goodbye.',
        script_disposition: 'cancelled',
      }),
    ],
    edges: [
      {
        id: 'e1',
        source: 'start',
        target: 'confirmed',
        data: {
          label: 'confirm',
          condition: 'The person confirms.',
          dtmf: '1',
          keywords: ['yes', 'confirm'],
          disposition: 'confirmed',
        },
      },
      {
        id: 'e2',
        source: 'start',
        target: 'cancelled',
        data: { label: 'cancel', condition: 'The person cancels.', dtmf: '2', keywords: ['no', 'cancel'] },
      },
    ],
  };
}

function node(id: string, type: string, y: number, data: Record<string, unknown>) {
  return { id, type, position: { x: 0, y }, data };
}
