import { ToolCallItem } from '../runs/ToolCallItem';
import type { ChatConversation } from './chat-api';

/** The conversation's messages as chat bubbles, with the step changes, the agent's tool calls and how it ended. */
export function ChatLog({ conversation }: { conversation: ChatConversation }) {
  const { messages, status, node, end_reason, disposition, gathered_context } = conversation;
  const gathered = Object.entries(gathered_context);
  return (
    <>
      <ol className="chat-log" aria-label="Conversation">
        {messages.map((message, index) => {
          const stepChanged = index > 0 && messages[index - 1]!.node_id !== message.node_id;
          return (
            <li key={`${message.at}-${index}`} className={`chat-message ${message.role}`}>
              {stepChanged && <span className="chat-node">→ step {message.node_id}</span>}
              <span className="chat-who">{message.role === 'agent' ? 'Agent' : 'You'}</span>
              {message.content}
              {(message.tool_rounds ?? []).some((round) => round.calls.length > 0) && (
                <ul className="chat-tool-calls" aria-label="Tool calls">
                  {(message.tool_rounds ?? []).flatMap((round) =>
                    round.calls.map((call) => (
                      <ToolCallItem key={call.id} entry={{ kind: 'tool', ...call }} />
                    )),
                  )}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <p className="muted" role="status">
        {status === 'active'
          ? `Current step: ${node.name}`
          : `Ended: ${end_reason ?? 'ended'}${disposition ? ` (disposition ${disposition})` : ''}`}
      </p>
      {gathered.length > 0 && (
        <dl className="stats" aria-label="Gathered context">
          {gathered.map(([key, value]) => (
            <div className="stat" key={key}>
              <dt>{key}</dt>
              <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
