import {
  lastUserMessage,
  schemaNameOf,
  type FakeChatRequest,
  type FakeReply,
} from '../runtime/fakes/openai-fake';

/**
 * The LLM fake's play for simulated calls with the demo-booker agent (test/runtime/textchat-fixtures.ts): the
 * callee's side answers from the persona in its system prompt (facts, notes), the agent's side walks the graph.
 * Personas steer the rest: notes about the weather make the agent's LLM fail when it hears of it, "Mumbles" makes
 * the callee's LLM fail, "Rambles" never answers the question, "Hangs up at once" does.
 */

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const call = (name: string): FakeReply => ({ toolCalls: [{ name, arguments: {} }] });
const step = (request: FakeChatRequest) => /Current step: (.+)/.exec(request.messages[0]!.content)?.[1];

export const isCalleeRequest = (request: FakeChatRequest) =>
  request.tools?.some((tool) => tool.function.name === 'hang_up') ?? false;

function callee(request: FakeChatRequest): FakeReply {
  const persona = request.messages[0]!.content;
  const heard = lastUserMessage(request).toLowerCase();
  if (persona.includes('Mumbles')) return { status: 500, message: 'the callee model is down' };
  if (persona.includes('Hangs up at once'))
    return { content: 'Sorry, wrong time.', toolCalls: [{ name: 'hang_up', arguments: {} }] };
  if (persona.includes('Rambles')) return { content: 'Let me tell you about my cat.' };
  if (heard.includes('goodbye')) return { content: 'Bye!', toolCalls: [{ name: 'hang_up', arguments: {} }] };
  if (heard.includes('demo')) {
    const email = /- email: (\S+)/.exec(persona)?.[1];
    return /not interested/i.test(persona) || !email
      ? { content: 'No thanks, I am not interested.' }
      : { content: `Yes please, send it to ${email}.` };
  }
  return {
    content: /weather/i.test(persona) ? "Lovely weather today, isn't it?" : 'Hello, yes, I have a minute.',
  };
}

function agent(request: FakeChatRequest): FakeReply {
  const schema = schemaNameOf(request);
  const transcript = lastUserMessage(request);
  if (schema === 'extraction')
    return {
      content: JSON.stringify({
        wants_demo: /yes please/i.test(transcript),
        email: EMAIL.exec(transcript)?.[0] ?? null,
      }),
    };
  if (schema === 'call_disposition')
    return {
      content: JSON.stringify({
        disposition: /yes please/i.test(transcript) ? 'demo_booked' : 'not_interested',
      }),
    };
  const said = lastUserMessage(request).toLowerCase();
  switch (step(request)) {
    case 'Greeting':
      if (said.includes('weather')) return { status: 500, message: 'the agent model is down' };
      return said ? call('listening') : { content: 'Hello, this is Acme calling.' };
    case 'Offer a demo':
      return EMAIL.test(said) || said.includes('not interested')
        ? call('answered')
        : { content: 'Would you like a demo of Rocket?' };
    case 'Goodbye':
      return { content: 'Thank you, goodbye!' };
    default:
      return { status: 400, message: 'unexpected request' };
  }
}

export const simulatedCallScript = (request: FakeChatRequest): FakeReply =>
  isCalleeRequest(request) ? callee(request) : agent(request);
