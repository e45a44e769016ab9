import './tool-call.css';
import type { ConversationEntry } from './transcript-model';

type ToolEntry = Extract<ConversationEntry, { kind: 'tool' }>;

/** How much of the arguments and of the result the conversation shows; the whole result opens below. */
const ARGUMENTS_CHARS = 300;
const RESULT_CHARS = 400;

const trimmed = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}…` : text);

/** One tool call in the conversation: its name, whether it succeeded, its arguments and its result (trimmed). */
export function ToolCallItem({ entry }: { entry: ToolEntry }) {
  const args = JSON.stringify(entry.arguments ?? {}) ?? '{}';
  return (
    <li className={`tool-call ${entry.ok ? 'ok' : 'failed'}`} aria-label={`Tool call ${entry.name}`}>
      <span className="tool-call-head">
        Tool call <strong>{entry.name}</strong>{' '}
        <span className={`badge ${entry.ok ? 'running' : 'failed'}`}>{entry.ok ? 'OK' : 'Failed'}</span>
      </span>
      <dl className="tool-call-facts">
        <div>
          <dt>Arguments</dt>
          <dd>
            <code>{trimmed(args, ARGUMENTS_CHARS)}</code>
          </dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>
            <code>{trimmed(entry.result, RESULT_CHARS)}</code>
          </dd>
        </div>
      </dl>
      {entry.result.length > RESULT_CHARS && (
        <details>
          <summary>Whole result ({entry.result.length.toLocaleString()} characters)</summary>
          <pre>{entry.result}</pre>
        </details>
      )}
    </li>
  );
}
