import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { ParametersEditor } from './ParameterRows';
import type { DraftFieldsProps } from './tool-draft';

const CONFIG = 'definition.config';

/** What the agent says as it acts: nothing, or a custom message. */
function MessageFields({ draft, set, errorFor, what }: DraftFieldsProps & { what: string }) {
  return (
    <>
      <SelectField
        label="Message"
        value={draft.messageType}
        options={[
          { value: 'none', label: 'None' },
          { value: 'custom', label: 'Custom message' },
        ]}
        error={errorFor(`${CONFIG}.messageType`)}
        onChange={(event) => set({ messageType: event.target.value })}
      />
      {draft.messageType === 'custom' && (
        <TextField
          label="Custom message"
          maxLength={2000}
          hint={`Said before ${what}.`}
          value={draft.customMessage}
          error={errorFor(`${CONFIG}.customMessage`)}
          onChange={(event) => set({ customMessage: event.target.value })}
        />
      )}
    </>
  );
}

/** An end-call tool: its message, and whether the LLM gives a reason (kept in gathered_context). */
export function EndCallFields(props: DraftFieldsProps) {
  const { draft, set, errorFor } = props;
  return (
    <>
      <MessageFields {...props} what="hanging up" />
      <LabelledCheckbox
        label="Ask the LLM for a reason"
        checked={draft.endCallReason}
        hint="The reason is kept in the run's gathered context as end_call_reason."
        onChange={(event) => set({ endCallReason: event.target.checked })}
      />
      {draft.endCallReason && (
        <TextField
          label="Reason description (optional)"
          maxLength={1000}
          value={draft.endCallReasonDescription}
          error={errorFor(`${CONFIG}.endCallReasonDescription`)}
          onChange={(event) => set({ endCallReasonDescription: event.target.value })}
        />
      )}
    </>
  );
}

const SOURCES = [
  { value: 'static', label: 'A fixed destination' },
  { value: 'dynamic', label: 'Resolved by your API (dynamic)' },
  { value: 'context_mapping', label: "Chosen from the call's context (context mapping)" },
];

/**
 * A transfer tool: where to (a fixed number or SIP address, or the resolver or context mapping as JSON), its message,
 * how long to ring, and parameters the LLM fills.
 */
export function TransferCallFields(props: DraftFieldsProps) {
  const { draft, set, errorFor } = props;
  return (
    <>
      <SelectField
        label="Destination source"
        value={draft.destination_source}
        options={SOURCES}
        error={errorFor(`${CONFIG}.destination_source`)}
        onChange={(event) => set({ destination_source: event.target.value })}
      />
      {draft.destination_source === 'static' && (
        <TextField
          label="Destination"
          maxLength={255}
          placeholder="+14155550123 or sip:desk@example.com"
          hint="A phone number in E.164 or a SIP address; {{variables}} are filled from the call."
          value={draft.destination}
          error={errorFor(`${CONFIG}.destination`)}
          onChange={(event) => set({ destination: event.target.value })}
        />
      )}
      {draft.destination_source === 'dynamic' && (
        <TextAreaField
          label="Resolver (JSON)"
          rows={6}
          spellCheck={false}
          placeholder={'{"url": "https://api.example.com/route", "timeout_ms": 2000}'}
          value={draft.resolver}
          error={errorFor(`${CONFIG}.resolver`)}
          onChange={(event) => set({ resolver: event.target.value })}
        />
      )}
      {draft.destination_source === 'context_mapping' && (
        <TextAreaField
          label="Context mapping (JSON)"
          rows={6}
          spellCheck={false}
          placeholder={
            '{"rules": [{"context_path": "region", "routes": [{"context_value": "east", "destination": "+12125550100"}]}]}'
          }
          value={draft.context_mapping}
          error={errorFor(`${CONFIG}.context_mapping`)}
          onChange={(event) => set({ context_mapping: event.target.value })}
        />
      )}
      <MessageFields {...props} what="transferring" />
      <TextField
        label="Ring timeout (seconds, optional)"
        type="number"
        min={5}
        max={120}
        value={draft.timeout}
        error={errorFor(`${CONFIG}.timeout`)}
        onChange={(event) => set({ timeout: event.target.value })}
      />
      <ParametersEditor
        legend="Parameters the LLM fills in"
        hint="Optional arguments of the transfer (they can fill the destination's {{placeholders}})."
        rows={draft.parameters}
        path={`${CONFIG}.parameters`}
        errorFor={errorFor}
        onChange={(parameters) => set({ parameters })}
      />
    </>
  );
}
