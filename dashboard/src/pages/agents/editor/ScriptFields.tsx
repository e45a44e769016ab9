import { TextAreaField, TextField } from '../../../ui/Field';
import { CaptureRows, capturesOf } from './CaptureRows';
import type { AgentNodeType } from './graph-model';
import { textOf, withOptional, type Fields } from './node-fields';

/**
 * A scripted node's keys as fields (docs/agents.md, Scripted nodes): the line said word for word; on a start or agent
 * step the re-prompt and the captured values, on an end its disposition. A blank field leaves its key out.
 */
export function ScriptFields({
  kind,
  fields,
  errorAt,
  onChange,
}: {
  kind: AgentNodeType;
  fields: Fields;
  errorAt: (key: string) => string | undefined;
  onChange: (fields: Fields) => void;
}) {
  const waits = kind === 'startCall' || kind === 'agentNode';
  const set = (key: string, value: unknown) => onChange(withOptional(fields, key, value));
  return (
    <fieldset className="script-fields">
      <legend>Script</legend>
      <TextAreaField
        label="Script line"
        rows={4}
        value={textOf(fields, 'script_line')}
        hint={
          waits
            ? 'Said word for word, then the step waits for the answer. Use {{variable}} for template values.'
            : 'The closing words, said word for word; blank: the call ends in silence.'
        }
        error={errorAt('script_line')}
        onChange={(event) => set('script_line', event.target.value)}
      />
      {waits && (
        <TextAreaField
          label="Re-prompt line"
          rows={2}
          value={textOf(fields, 'script_reprompt')}
          hint='Said when an answer matches no transition and none is the default; blank: "Sorry, I did not catch that." and the line again.'
          error={errorAt('script_reprompt')}
          onChange={(event) => set('script_reprompt', event.target.value)}
        />
      )}
      {waits && (
        <CaptureRows
          captures={capturesOf(fields.script_capture)}
          errorAt={errorAt}
          onChange={(captures) => set('script_capture', captures)}
        />
      )}
      {(kind === 'endCall' || textOf(fields, 'script_disposition')) && (
        <TextField
          label="Disposition"
          value={textOf(fields, 'script_disposition')}
          hint="The call's disposition when a scripted conversation ends here; blank: the last branch's, else the agent's first code."
          error={errorAt('script_disposition')}
          onChange={(event) => set('script_disposition', event.target.value)}
        />
      )}
    </fieldset>
  );
}
