import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { OtherFieldProblems } from '../../ui/OtherFieldProblems';
import { EndCallFields, TransferCallFields } from './CallControlFields';
import { HttpApiFields } from './HttpApiFields';
import { McpFields } from './McpFields';
import { definitionOf, type ToolDefinition } from './tool-definition';
import { TOOL_CATEGORIES, type DraftFieldsProps, type ToolCategory, type ToolDraft } from './tool-draft';

/** What the form sends: the tool's name, description and definition (its category is the definition's type). */
export interface ToolFields {
  name: string;
  description: string | null;
  category: ToolCategory;
  definition: ToolDefinition;
}

interface ToolFormProps {
  /** The form's accessible name and heading. */
  title: string;
  submitLabel: string;
  initial: ToolDraft;
  /** The stored definition when editing (its keys the form does not draw are kept); null for a new tool. */
  stored: Record<string, unknown> | null;
  pending: boolean;
  error: Error | null;
  onSubmit: (fields: ToolFields) => void;
}

const CATEGORY_OPTIONS = TOOL_CATEGORIES.map(({ value, label }) => ({ value, label }));

/** The config keys each category draws a field for, as the draft stands. */
function drawnKeys(draft: ToolDraft): string[] {
  const custom = draft.messageType === 'custom' ? ['customMessage'] : [];
  switch (draft.category) {
    case 'http_api':
      return ['method', 'url', 'credential_uuid', 'timeout_ms', 'body_template', 'customMessage'];
    case 'end_call':
      return ['messageType', ...custom, ...(draft.endCallReason ? ['endCallReasonDescription'] : [])];
    case 'transfer_call': {
      const source = draft.destination_source;
      const where =
        source === 'static' ? 'destination' : source === 'dynamic' ? 'resolver' : 'context_mapping';
      return ['destination_source', where, 'messageType', ...custom, 'timeout'];
    }
    case 'mcp':
      return ['url', 'credential_uuid', 'tools_filter', 'timeout_secs', 'sse_read_timeout_secs'];
    case 'calculator':
      return [];
  }
}

/** The columns drawn for each row of a list. */
const ROW_COLUMNS: Record<string, string[]> = {
  parameters: ['name', 'type', 'description'],
  preset_parameters: ['name', 'type', 'value_template'],
};

/** The field paths, of those the API named, that the form draws an error at (the others are listed above it). */
function drawnFields(error: unknown, draft: ToolDraft): string[] {
  if (!(error instanceof ApiError)) return [];
  const config = 'definition.config.';
  const keys = drawnKeys(draft);
  const lists = draft.category === 'http_api' ? ['parameters', 'preset_parameters'] : ['parameters'];
  return error.problems
    .map((problem) => problem.field ?? '')
    .filter((field) => {
      if (['name', 'description', 'category'].includes(field)) return true;
      if (!field.startsWith(config) || draft.category === 'calculator') return false;
      const [key = '', index, column, ...rest] = field.slice(config.length).split('.');
      if (key === 'headers') return draft.category === 'http_api';
      if (lists.includes(key))
        return index !== undefined && rest.length === 0 && (ROW_COLUMNS[key] ?? []).includes(column ?? '');
      return index === undefined && keys.includes(key);
    });
}

/**
 * A tool's name, description, category and the category's fields; for creating and editing alike (a tool keeps its
 * category). JSON that does not parse is named before anything is sent; the API's problems show at their field, and
 * those of no drawn field above the form.
 */
export function ToolForm({ title, submitLabel, initial, stored, pending, error, onSubmit }: ToolFormProps) {
  const [draft, setDraft] = useState(initial);
  const [localError, setLocalError] = useState<ApiError | null>(null);
  const shownError = localError ?? error;
  const errorFor = (field: string) =>
    shownError instanceof ApiError ? shownError.forField(field) : undefined;
  const set = (change: Partial<ToolDraft>) => setDraft((current) => ({ ...current, ...change }));
  const headersError =
    shownError instanceof ApiError
      ? shownError.problems
          .filter((problem) => problem.field?.startsWith('definition.config.headers'))
          .map((problem) => problem.message)
          .join(' ') || undefined
      : undefined;
  const fieldsProps: DraftFieldsProps = { draft, set, errorFor };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { definition, problems } = definitionOf(draft, stored);
    if (problems.length > 0) {
      setLocalError(new ApiError(422, problems));
      return;
    }
    setLocalError(null);
    onSubmit({
      name: draft.name.trim(),
      // An empty description clears a stored one (null would keep it).
      description: draft.description.trim(),
      category: draft.category,
      definition,
    });
  }

  return (
    <form className="card tool-form" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <ErrorMessage error={shownError} />
      <OtherFieldProblems error={shownError} shown={drawnFields(shownError, draft)} />
      <TextField
        label="Name"
        required
        autoComplete="off"
        maxLength={255}
        hint="Also the function name the LLM sees (lower case, other characters made _)."
        value={draft.name}
        error={errorFor('name')}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextAreaField
        label="Description"
        rows={2}
        maxLength={4000}
        hint="What the LLM reads to decide when to call it."
        value={draft.description}
        error={errorFor('description')}
        onChange={(event) => set({ description: event.target.value })}
      />
      <SelectField
        label="Category"
        value={draft.category}
        options={CATEGORY_OPTIONS}
        disabled={stored !== null}
        hint={
          stored !== null
            ? 'A tool keeps its category.'
            : TOOL_CATEGORIES.find((item) => item.value === draft.category)?.about
        }
        error={errorFor('category')}
        onChange={(event) => set({ category: event.target.value as ToolCategory })}
      />
      {draft.category === 'http_api' && <HttpApiFields {...fieldsProps} headersError={headersError} />}
      {draft.category === 'end_call' && <EndCallFields {...fieldsProps} />}
      {draft.category === 'transfer_call' && <TransferCallFields {...fieldsProps} />}
      {draft.category === 'mcp' && <McpFields {...fieldsProps} />}
      {draft.category === 'calculator' && (
        <p className="hint">
          Nothing to set: the LLM sends an expression (+ - * / ** %, parentheses) and gets its value.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
