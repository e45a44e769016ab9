import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { CredentialSelect } from './CredentialSelect';
import { HeadersEditor, ParametersEditor, PresetsEditor } from './ParameterRows';
import { HTTP_METHODS, type DraftFieldsProps } from './tool-draft';

const CONFIG = 'definition.config';
const METHOD_OPTIONS = HTTP_METHODS.map((value) => ({ value, label: value }));

/** An HTTP API tool's request: method, URL, headers, credential, parameters, presets, body, timeout, message. */
export function HttpApiFields({
  draft,
  set,
  errorFor,
  headersError,
}: DraftFieldsProps & { headersError?: string }) {
  return (
    <>
      <div className="form-grid">
        <SelectField
          label="Method"
          value={draft.method}
          options={METHOD_OPTIONS}
          error={errorFor(`${CONFIG}.method`)}
          onChange={(event) => set({ method: event.target.value })}
        />
        <TextField
          label="Timeout (ms, optional)"
          type="number"
          min={1}
          max={30000}
          placeholder="5000"
          value={draft.timeout_ms}
          error={errorFor(`${CONFIG}.timeout_ms`)}
          onChange={(event) => set({ timeout_ms: event.target.value })}
        />
      </div>
      <TextField
        label="URL"
        type="url"
        autoComplete="off"
        maxLength={2048}
        placeholder="https://api.example.com/orders/{{order_id}}"
        hint="Parameters and call variables fill {{name}} placeholders. POST, PUT and PATCH send the parameters as a JSON body; GET and DELETE as query parameters."
        value={draft.url}
        error={errorFor(`${CONFIG}.url`)}
        onChange={(event) => set({ url: event.target.value })}
      />
      <CredentialSelect
        value={draft.credential_uuid}
        error={errorFor(`${CONFIG}.credential_uuid`)}
        onChange={(credential_uuid) => set({ credential_uuid })}
      />
      <HeadersEditor rows={draft.headers} error={headersError} onChange={(headers) => set({ headers })} />
      <ParametersEditor
        legend="Parameters the LLM fills in"
        hint="The function's arguments: the LLM reads each description to decide what to send."
        rows={draft.parameters}
        path={`${CONFIG}.parameters`}
        errorFor={errorFor}
        onChange={(parameters) => set({ parameters })}
      />
      <PresetsEditor
        rows={draft.preset_parameters}
        errorFor={errorFor}
        onChange={(preset_parameters) => set({ preset_parameters })}
      />
      <TextAreaField
        label="Body template (JSON, optional)"
        rows={4}
        spellCheck={false}
        placeholder={'{"order": "{{order_id}}"}'}
        hint="Replaces the default body; a value that is exactly one placeholder keeps its JSON type."
        value={draft.body_template}
        error={errorFor(`${CONFIG}.body_template`)}
        onChange={(event) => set({ body_template: event.target.value })}
      />
      <TextField
        label="Message while it runs (optional)"
        maxLength={2000}
        placeholder="Let me look that up."
        hint="Said when the request takes longer than a second (else a short filler)."
        value={draft.customMessage}
        error={errorFor(`${CONFIG}.customMessage`)}
        onChange={(event) => set({ customMessage: event.target.value })}
      />
    </>
  );
}
