import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { sampleArguments, shownJson } from './test-arguments';
import type { ToolDraft } from './tool-draft';
import type { ToolTestResult, useToolMutations } from './tool-queries';
import { TableScroll } from '../../ui/TableScroll';

const HINTS: Record<string, string> = {
  number: 'A number.',
  boolean: 'true or false.',
  object: 'JSON, e.g. {"a": 1}.',
  array: 'JSON, e.g. [1, 2].',
};

/**
 * Sends the saved HTTP API tool's request once with sample arguments (one field per parameter and preset) and shows
 * what was sent (the credential masked) and what came back.
 */
export function ToolTestPanel({
  toolUuid,
  saved,
  test,
}: {
  toolUuid: string;
  /** The saved tool as a draft: its parameters and presets. */
  saved: ToolDraft;
  test: ReturnType<typeof useToolMutations>['test'];
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [presets, setPresets] = useState<Record<string, string>>({});
  const named = <T extends { name: string }>(rows: T[]) => rows.filter((row) => row.name.trim() !== '');
  const parameters = named(saved.parameters);
  const presetRows = named(saved.preset_parameters);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    test.mutate({
      uuid: toolUuid,
      body: {
        llm_params: sampleArguments(parameters, values),
        preset_params: sampleArguments(presetRows, presets),
      },
    });
  }

  return (
    <section className="card tool-test" aria-labelledby="tool-test-title">
      <h2 id="tool-test-title">Test</h2>
      <p className="muted">
        Sends the saved tool&apos;s request once, as a call would, with the arguments below. Save changes
        first to test them.
      </p>
      <form aria-label="Test the tool" onSubmit={submit} noValidate className="tool-test-form">
        {parameters.length === 0 && presetRows.length === 0 && (
          <p className="hint">The tool has no parameters: the request is sent as it is.</p>
        )}
        {parameters.map((row) => (
          <TextField
            key={`p-${row.name}`}
            label={`${row.name}${row.required ? '' : ' (optional)'}`}
            hint={[row.description, HINTS[row.type]].filter(Boolean).join(' ')}
            value={values[row.name] ?? ''}
            autoComplete="off"
            onChange={(event) => setValues({ ...values, [row.name]: event.target.value })}
          />
        ))}
        {presetRows.map((row) => (
          <TextField
            key={`s-${row.name}`}
            label={`Preset ${row.name}`}
            hint={`Its template (${row.value_template}) is not filled in a test: type a sample value.`}
            value={presets[row.name] ?? ''}
            autoComplete="off"
            onChange={(event) => setPresets({ ...presets, [row.name]: event.target.value })}
          />
        ))}
        <div className="actions">
          <button type="submit" className="primary" disabled={test.isPending}>
            {test.isPending ? 'Sending…' : 'Send test request'}
          </button>
        </div>
      </form>
      <ErrorMessage error={test.error} />
      {test.data && <TestResult result={test.data} />}
    </section>
  );
}

/** What a test sent and what came back. */
function TestResult({ result }: { result: ToolTestResult }) {
  const ok = result.status === 'success';
  const headers = Object.entries(result.request_headers);
  return (
    <section className="tool-test-result" aria-label="Test result">
      <p>
        <span className={`badge ${ok ? 'running' : 'failed'}`}>{ok ? 'Success' : 'Error'}</span>{' '}
        {result.status_code !== null ? `HTTP ${result.status_code}` : 'No HTTP answer'} in{' '}
        {result.duration_ms.toLocaleString()} ms
      </p>
      {result.error && (
        <p className="field-error" role="alert">
          {result.error}
        </p>
      )}
      {result.hint && <p className="hint">{result.hint}</p>}
      <h3>Request sent</h3>
      <p className="request-line">
        <code>
          {result.request_method} {result.request_url}
        </code>
      </p>
      <TableScroll>
        <table aria-label="Request headers">
          <thead>
            <tr>
              <th scope="col">Header</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {result.request_body !== null && result.request_body !== undefined && (
        <>
          <h4>Body</h4>
          <pre aria-label="Request body">{shownJson(result.request_body)}</pre>
        </>
      )}
      {result.request_params && Object.keys(result.request_params).length > 0 && (
        <>
          <h4>Query parameters</h4>
          <pre aria-label="Request query parameters">{shownJson(result.request_params)}</pre>
        </>
      )}
      <h3>Response</h3>
      {result.truncated && <p className="hint">The answer was longer than 8 KiB: this is its start.</p>}
      <pre aria-label="Response body">{shownJson(result.data ?? null)}</pre>
    </section>
  );
}
