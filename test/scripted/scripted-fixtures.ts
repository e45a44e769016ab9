/** Scripted agents for the scripted-node tests (docs/agents.md, "Scripted nodes"): none of them needs an LLM. */

export const REMINDER_LINE =
  'Hello Ada, your appointment is tomorrow at 10. Press 1 or say yes to confirm, 2 or say no to cancel.';

/**
 * An appointment reminder: confirm (1, yes) or cancel (2, no), re-prompted on each unmatched answer; on calls, 8 s of
 * silence end it with a promise to call back.
 */
export const reminderAgent = () => ({
  name: 'Appointment reminder',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      {
        id: 'remind',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: {
          name: 'Reminder',
          prompt: 'Remind the caller of the appointment and ask them to confirm it.',
          scripted: true,
          script_line:
            'Hello {{name}}, your appointment is tomorrow at 10. Press 1 or say yes to confirm, 2 or say no to cancel.',
          script_reprompt: 'Sorry, {{name}}, press 1 or say yes to confirm, 2 or say no to cancel.',
          script_capture: [{ name: 'confirmed', pattern: 'yes_no' }],
        },
      },
      {
        id: 'kept',
        type: 'endCall',
        position: { x: -200, y: 200 },
        data: {
          name: 'Confirmed',
          scripted: true,
          script_line: 'Thank you, {{name}}. See you tomorrow at 10.',
        },
      },
      {
        id: 'cancelled',
        type: 'endCall',
        position: { x: 200, y: 200 },
        data: {
          name: 'Cancelled',
          scripted: true,
          script_line: 'Your appointment is cancelled. Goodbye.',
          script_disposition: 'cancelled',
        },
      },
      {
        id: 'later',
        type: 'endCall',
        position: { x: 0, y: 200 },
        data: { name: 'No answer', scripted: true, script_line: 'We will call you back later. Goodbye.' },
      },
    ],
    edges: [
      {
        id: 'e-confirm',
        source: 'remind',
        target: 'kept',
        data: { label: 'confirm', dtmf: '1', keywords: ['yes', 'confirm'], disposition: 'confirmed' },
      },
      {
        id: 'e-cancel',
        source: 'remind',
        target: 'cancelled',
        data: { label: 'cancel', dtmf: '2', keywords: ['no', 'cancel'] },
      },
      {
        id: 'e-silence',
        source: 'remind',
        target: 'later',
        data: { label: 'silence', timeout_seconds: 8, disposition: 'no_decision' },
      },
    ],
  },
  template_context_variables: { name: 'there' },
  call_disposition_codes: { disposition_codes: ['no_decision', 'confirmed', 'cancelled'] },
});

/** A short intake: a member number (digits), then a visit date, each answer moving on by the default edge. */
export const intakeAgent = () => ({
  name: 'Intake',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      {
        id: 'member',
        type: 'startCall',
        data: {
          name: 'Member number',
          prompt: 'Ask for the member number.',
          scripted: true,
          script_line: 'Please say or key in your member number.',
          script_capture: [{ name: 'member_number', pattern: 'digits' }],
        },
      },
      {
        id: 'visit',
        type: 'agentNode',
        data: {
          name: 'Visit date',
          prompt: 'Ask for the visit date.',
          scripted: true,
          script_line: 'On what date would you like to come?',
          script_capture: [{ name: 'visit_date', pattern: 'date' }],
        },
      },
      {
        id: 'bye',
        type: 'endCall',
        data: { name: 'Bye', scripted: true, script_line: 'Thank you. Goodbye.' },
      },
    ],
    edges: [
      { id: 'e1', source: 'member', target: 'visit', data: { label: 'given', is_default: true } },
      { id: 'e2', source: 'visit', target: 'bye', data: { label: 'dated', is_default: true } },
    ],
  },
});

/** A scripted opening that hands a yes to an LLM step (and a no to a scripted goodbye). */
export const mixedAgent = () => ({
  name: 'Mixed',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      {
        id: 'ask',
        type: 'startCall',
        data: {
          name: 'Ask',
          prompt: 'Ask whether they have a minute.',
          scripted: true,
          script_line: 'Hello {{name}}, do you have a minute to hear about Rocket?',
        },
      },
      { id: 'pitch', type: 'agentNode', data: { name: 'Pitch', prompt: 'Offer a demo of Rocket.' } },
      { id: 'bye', type: 'endCall', data: { name: 'Bye', prompt: 'Say goodbye.' } },
      {
        id: 'no',
        type: 'endCall',
        data: { name: 'Not now', scripted: true, script_line: 'No problem. Goodbye.' },
      },
    ],
    edges: [
      { id: 'e1', source: 'ask', target: 'pitch', data: { label: 'yes', keywords: ['yes'] } },
      {
        id: 'e2',
        source: 'ask',
        target: 'no',
        data: { label: 'no', keywords: ['no'], disposition: 'not_interested' },
      },
      { id: 'e3', source: 'pitch', target: 'bye', data: { label: 'done', condition: 'They answered.' } },
    ],
  },
  call_disposition_codes: { disposition_codes: ['demo_booked', 'not_interested'] },
});
