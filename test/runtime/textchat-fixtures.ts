import { lastUserMessage, schemaNameOf, type FakeChatRequest, type FakeReply } from './fakes/openai-fake';

/** A three-node sales agent and an LLM script that walks it, for the textchat tests. */

export const threeNodeAgent = () => ({
  name: 'Demo booker',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      {
        id: 'greet',
        type: 'startCall',
        position: { x: 0, y: 0 },
        data: { name: 'Greeting', prompt: 'Greet {{first_name}} on behalf of {{company_name}}.' },
      },
      {
        id: 'ask',
        type: 'agentNode',
        position: { x: 0, y: 160 },
        data: {
          name: 'Offer a demo',
          prompt: 'Offer a demo of {{product}} and ask for an email address.',
          extraction_variables: [
            { name: 'wants_demo', type: 'boolean', prompt: 'Whether they want a demo.' },
            { name: 'email', type: 'string', prompt: 'Their email address.' },
          ],
        },
      },
      {
        id: 'bye',
        type: 'endCall',
        position: { x: 0, y: 320 },
        data: { name: 'Goodbye', prompt: 'Thank them and say goodbye.' },
      },
      {
        id: 'rules',
        type: 'globalNode',
        data: { name: 'Rules', prompt: 'Be brief. You work for {{company_name}}.' },
      },
    ],
    edges: [
      {
        id: 'e1',
        source: 'greet',
        target: 'ask',
        data: { label: 'listening', condition: 'The person listens.' },
      },
      { id: 'e2', source: 'ask', target: 'bye', data: { label: 'answered', condition: 'They answered.' } },
    ],
  },
  template_context_variables: { first_name: 'there', company_name: 'Acme', product: 'Rocket' },
  call_disposition_codes: { disposition_codes: ['demo_booked', 'not_interested'] },
});

const step = (request: FakeChatRequest) => /Current step: (.+)/.exec(request.messages[0]!.content)?.[1];
const call = (name: string): FakeReply => ({ toolCalls: [{ name, arguments: {} }] });

/** Plays the LLM: greets, follows the transitions when the user agrees, extracts and classifies. */
export function demoBookerScript(request: FakeChatRequest): FakeReply {
  const schema = schemaNameOf(request);
  if (schema === 'extraction')
    return { content: JSON.stringify({ wants_demo: true, email: 'ada@example.com' }) };
  if (schema === 'call_disposition') return { content: JSON.stringify({ disposition: 'demo_booked' }) };
  const said = lastUserMessage(request).toLowerCase();
  switch (step(request)) {
    case 'Greeting':
      return said ? call('listening') : { content: 'Hello Ada, this is Acme calling.' };
    case 'Offer a demo':
      return said.includes('ada@example.com')
        ? call('answered')
        : { content: 'Would you like a demo of Rocket?' };
    case 'Goodbye':
      return { content: 'Thank you, goodbye!' };
    default:
      return { status: 400, message: 'unexpected request' };
  }
}
