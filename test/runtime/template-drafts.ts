/** LLM answers for create/template tests: drafts in the structured-output shape the generator asks for. */

export const validDraft = () => ({
  name: 'Dental reminders',
  nodes: [
    {
      id: 'greet',
      type: 'startCall',
      name: 'Greeting',
      prompt: 'Greet {{first_name}} and remind them of the appointment on {{appointment_date}}.',
      extraction_variables: [],
    },
    {
      id: 'confirm',
      type: 'agentNode',
      name: 'Confirm',
      prompt: 'Ask whether they will attend.',
      extraction_variables: [{ name: 'will_attend', type: 'boolean', prompt: 'Whether they will attend.' }],
    },
    { id: 'bye', type: 'endCall', name: 'Goodbye', prompt: 'Say goodbye.', extraction_variables: [] },
  ],
  edges: [
    { source: 'greet', target: 'confirm', label: 'listening', condition: 'The person is listening.' },
    { source: 'confirm', target: 'bye', label: 'answered', condition: 'They answered.' },
  ],
  template_variables: [{ name: 'first_name', default_value: 'there' }],
  disposition_codes: ['confirmed', 'cancelled', 'rescheduled'],
});

/** A draft the graph validator rejects: the end node has an outgoing edge and nothing reaches an end. */
export const invalidDraft = () => {
  const draft = validDraft();
  draft.edges = [
    { source: 'greet', target: 'confirm', label: 'listening', condition: 'The person is listening.' },
    { source: 'bye', target: 'confirm', label: 'again', condition: 'Never.' },
  ];
  return draft;
};
