import { TextAreaField, TextField } from '../../ui/Field';
import { CredentialSelect } from './CredentialSelect';
import type { DraftFieldsProps } from './tool-draft';

const CONFIG = 'definition.config';

/** An MCP server: its URL (streamable HTTP), credential, the tools to keep, and its time limits. */
export function McpFields({ draft, set, errorFor }: DraftFieldsProps) {
  return (
    <>
      <TextField
        label="Server URL"
        type="url"
        autoComplete="off"
        maxLength={2048}
        placeholder="https://mcp.example.com/mcp"
        hint="Its tools are listed when the tool is saved, and again with Refresh."
        value={draft.url}
        error={errorFor(`${CONFIG}.url`)}
        onChange={(event) => set({ url: event.target.value })}
      />
      <CredentialSelect
        value={draft.credential_uuid}
        error={errorFor(`${CONFIG}.credential_uuid`)}
        onChange={(credential_uuid) => set({ credential_uuid })}
      />
      <TextAreaField
        label="Tools filter (optional)"
        rows={3}
        spellCheck={false}
        hint="The server's tools to offer, one name a line; empty offers all of them."
        value={draft.tools_filter}
        error={errorFor(`${CONFIG}.tools_filter`)}
        onChange={(event) => set({ tools_filter: event.target.value })}
      />
      <div className="form-grid">
        <TextField
          label="Timeout (seconds, optional)"
          type="number"
          min={0}
          max={300}
          placeholder="30"
          value={draft.timeout_secs}
          error={errorFor(`${CONFIG}.timeout_secs`)}
          onChange={(event) => set({ timeout_secs: event.target.value })}
        />
        <TextField
          label="Stream read timeout (seconds, optional)"
          type="number"
          min={0}
          max={3600}
          value={draft.sse_read_timeout_secs}
          error={errorFor(`${CONFIG}.sse_read_timeout_secs`)}
          onChange={(event) => set({ sse_read_timeout_secs: event.target.value })}
        />
      </div>
    </>
  );
}
