import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { endChat, sendChatMessage, startChat, type ChatConversation } from './chat-api';
import { ChatLog } from './ChatLog';

/** Try the agent in text: start a conversation (a textchat run), send messages, end it. */
export function TextChatPane({ agentId }: { agentId: number }) {
  const [runId, setRunId] = useState<number | null>(null);
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [draft, setDraft] = useState('');
  const start = useMutation({
    mutationFn: () => startChat(agentId),
    onSuccess: (run) => {
      setRunId(run.id);
      setConversation(run.conversation);
    },
  });
  const send = useMutation({
    mutationFn: ({ run, content }: { run: number; content: string }) =>
      sendChatMessage(agentId, run, content),
    onSuccess: (answer) => setConversation(answer.conversation),
  });
  const end = useMutation({
    mutationFn: (run: number) => endChat(agentId, run),
    onSuccess: (run) => setConversation(run.conversation),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (runId === null || draft.trim() === '') return;
    send.mutate({ run: runId, content: draft });
    setDraft('');
  }

  const active = runId !== null && conversation?.status === 'active';
  return (
    <section className="card" aria-labelledby="chat-title">
      <div className="page-header">
        <h2 id="chat-title">Try it in text</h2>
        <div className="actions">
          {active ? (
            <button type="button" onClick={() => end.mutate(runId)} disabled={end.isPending}>
              End conversation
            </button>
          ) : (
            <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
              {conversation ? 'New conversation' : 'Start conversation'}
            </button>
          )}
        </div>
      </div>
      <ErrorMessage error={start.error ?? send.error ?? end.error} />
      {conversation ? (
        <ChatLog conversation={conversation} />
      ) : (
        <p className="muted">The agent greets first; you answer as the person called. The run is recorded.</p>
      )}
      {active && (
        <form className="chat-form" onSubmit={submit} aria-label="Send a message">
          <TextField label="Your message" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="primary" disabled={send.isPending || draft.trim() === ''}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}
