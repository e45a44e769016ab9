import { ErrorMessage, Loading } from '../../ui/Feedback';
import type { RunDetail } from './run-queries';
import { useStoredTranscript } from './run-queries';
import { ToolCallItem } from './ToolCallItem';
import {
  conversationOf,
  liveConversationOf,
  type Conversation,
  type ConversationEntry,
} from './transcript-model';

const timeOfDay = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function Entry({ entry }: { entry: ConversationEntry }) {
  if (entry.kind === 'node') {
    return (
      <li className="node-change">
        <span>
          Node: <strong>{entry.node}</strong>
          {entry.via && <> (via “{entry.via}”)</>}
        </span>
      </li>
    );
  }
  if (entry.kind === 'tool') return <ToolCallItem entry={entry} />;
  const speaker = entry.role === 'agent' ? 'Agent' : 'Caller';
  return (
    <li className={`bubble ${entry.role}`}>
      <span className="speaker">{speaker}</span>
      <p>{entry.content}</p>
      {(entry.at || entry.interrupted) && (
        <span className="bubble-meta">
          {entry.at && <time dateTime={entry.at}>{timeOfDay.format(new Date(entry.at))}</time>}
          {entry.interrupted && ' · interrupted'}
        </span>
      )}
    </li>
  );
}

/** The turns as a conversation: agent and caller bubbles in order, tool calls where they happened, node changes marked. */
function ConversationList({ conversation, live }: { conversation: Conversation; live: boolean }) {
  if (conversation.entries.length === 0) return <p className="muted">No one has spoken yet.</p>;
  return (
    <>
      <ol className="conversation" aria-label="Transcript">
        {conversation.entries.map((entry, index) => (
          <Entry key={index} entry={entry} />
        ))}
      </ol>
      {conversation.endReason && <p className="muted conversation-end">Ended: {conversation.endReason}</p>}
      {live && (
        <p className="muted conversation-end">
          The conversation is going on; new turns appear by themselves.
        </p>
      )}
    </>
  );
}

/**
 * A run's conversation: the stored transcript once the run has one, else the live conversation of a run in
 * progress (kept in its logs), else a note that the run has none (a call nobody answered).
 */
export function ConversationView({ detail }: { detail: RunDetail }) {
  const stored = useStoredTranscript(detail.id, detail.transcript_public_url);
  if (detail.transcript_public_url) {
    if (stored.isPending) return <Loading label="Loading the transcript…" />;
    if (stored.error) return <ErrorMessage error={stored.error} />;
    const conversation = conversationOf(stored.data);
    if (conversation) return <ConversationList conversation={conversation} live={false} />;
  }
  const live = conversationOf(liveConversationOf(detail.logs));
  if (live) return <ConversationList conversation={live} live={!detail.is_completed} />;
  return (
    <p className="muted">
      {detail.is_completed
        ? `No conversation took place: ${detail.no_conversation?.message ?? 'the run has no transcript.'}`
        : 'No conversation yet.'}
    </p>
  );
}
