import { isCalleeRequest } from '../simulator/simulated-call-script';
import {
  lastUserMessage,
  schemaNameOf,
  type FakeChatRequest,
  type FakeReply,
} from '../runtime/fakes/openai-fake';

/**
 * The LLM fake's play for the newcomer's walk-through: the agent is the New agent form's starting graph (Greeting →
 * Conversation → Goodbye, edges "listening" and "done"), the callees are the simulator's personas. One short call:
 * the agent greets the contact by the CSV's first_name, the callee answers, the agent asks whether there is
 * anything else, the callee says no, and the agent says goodbye, which ends the call.
 */

/** The agent's greeting to the contact named `firstName` (the Greeting node's prompt names them). */
export const greetingFor = (firstName: string) =>
  `Hello ${firstName}, this is the clinic calling about your appointment tomorrow.`;
export const CALLEE_HELLO = 'Hello, yes, I will be there.';
export const AGENT_ANYTHING_ELSE = 'Great. Is there anything else I can help you with?';
export const CALLEE_THAT_IS_ALL = 'No, that is all, thank you.';
export const AGENT_GOODBYE = 'Thank you, goodbye!';

const tool = (name: string): FakeReply => ({ toolCalls: [{ name, arguments: {} }] });
const stepOf = (request: FakeChatRequest) => /Current step: (.+)/.exec(request.messages[0]!.content)?.[1];

function callee(request: FakeChatRequest): FakeReply {
  const heard = lastUserMessage(request).toLowerCase();
  if (heard.includes('goodbye')) return { content: 'Bye!', toolCalls: [{ name: 'hang_up', arguments: {} }] };
  return { content: heard.includes('anything else') ? CALLEE_THAT_IS_ALL : CALLEE_HELLO };
}

function agent(request: FakeChatRequest): FakeReply {
  // The call's disposition: the opt-out disposition is always offered, so even this agent without codes is asked once
  // the person spoke; the walk-through's callee keeps their appointment.
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'completed' }) };
  if (schemaNameOf(request)) return { status: 400, message: 'the starting graph gathers nothing' };
  const heard = lastUserMessage(request).toLowerCase();
  const system = request.messages[0]!.content;
  switch (stepOf(request)) {
    case 'Greeting': {
      if (heard) return tool('listening');
      const firstName = /Greet (\S+) and say why you are calling/.exec(system)?.[1] ?? 'there';
      return { content: greetingFor(firstName) };
    }
    case 'Conversation':
      return heard.includes('that is all') ? tool('done') : { content: AGENT_ANYTHING_ELSE };
    case 'Goodbye':
      return { content: AGENT_GOODBYE };
    default:
      return { status: 400, message: `unexpected step ${stepOf(request)}` };
  }
}

/** The fake's handler: the callee's requests (they offer `hang_up`) and the agent's, each played as above. */
export const newcomerCallScript = (request: FakeChatRequest): FakeReply =>
  isCalleeRequest(request) ? callee(request) : agent(request);
