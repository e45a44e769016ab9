import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { SelectField, TextField } from '../../ui/Field';
import { agentKeys } from './agent-queries';
import { AGENT_TEMPLATES, type AgentTemplate } from './agent-templates';
import { CALL_TYPES } from './DefinitionForm';

type TemplateRequest = {
  name: string;
  call_type: 'inbound' | 'outbound';
  use_case: string;
  activity_description: string;
};

/**
 * Creates an agent from one of the templates (`POST /workflow/create/template` with the template's use case and
 * description), then opens it. A required field left empty is said at the field before anything is sent; the
 * API's 422 shows at the field its `loc` names (the use case at the template's first field, the description at
 * its last).
 */
export function TemplateForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [template, setTemplate] = useState<AgentTemplate>(AGENT_TEMPLATES[0]!);
  const [name, setName] = useState(template.title);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: async (body: TemplateRequest) =>
      unwrap(await api.POST('/api/v1/workflow/create/template', { body })),
    onSuccess: async (agent) => {
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
      await navigate(`/agents/${agent.id}`);
    },
  });

  function choose(next: AgentTemplate) {
    // A name left as the previous template's title follows the choice; a name of one's own stays.
    if (name.trim() === '' || name === template.title) setName(next.title);
    setTemplate(next);
    setMissing({});
    create.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const filled = Object.fromEntries(
      template.fields.map((field) => [field.key, (values[field.key] ?? '').trim()]),
    );
    const absent = Object.fromEntries(
      template.fields
        .filter((field) => field.required && !filled[field.key])
        .map((field) => [field.key, field.required!]),
    );
    setMissing(absent);
    if (Object.keys(absent).length > 0) return;
    create.mutate({
      name,
      call_type: form.get('call_type') === 'inbound' ? 'inbound' : 'outbound',
      ...template.request(filled),
    });
  }

  const apiError = (field: string) =>
    create.error instanceof ApiError ? create.error.forField(field) : undefined;
  const fieldError = (index: number) => {
    const field = template.fields[index]!;
    if (missing[field.key]) return missing[field.key];
    if (index === 0 && apiError('use_case')) return apiError('use_case');
    return index === template.fields.length - 1 ? apiError('activity_description') : undefined;
  };
  return (
    <form className="agent-create" onSubmit={submit} aria-label="Create from a template" noValidate>
      <ErrorMessage error={create.error} />
      <fieldset className="template-choices">
        <legend>Template</legend>
        {AGENT_TEMPLATES.map((choice) => (
          <div key={choice.id} className="template-choice">
            <input
              type="radio"
              id={`template-${choice.id}`}
              name="template"
              value={choice.id}
              checked={choice.id === template.id}
              aria-describedby={`template-${choice.id}-summary`}
              onChange={() => choose(choice)}
            />
            <label htmlFor={`template-${choice.id}`}>{choice.title}</label>
            <p className="hint" id={`template-${choice.id}-summary`}>
              {choice.summary}
            </p>
          </div>
        ))}
      </fieldset>
      <TextField
        label="Agent name"
        value={name}
        error={apiError('name')}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Call type"
        name="call_type"
        options={CALL_TYPES}
        defaultValue="outbound"
        error={apiError('call_type')}
      />
      {template.fields.map((field, index) => (
        <TextField
          key={field.key}
          label={field.label}
          hint={field.hint}
          placeholder={field.placeholder}
          value={values[field.key] ?? ''}
          error={fieldError(index)}
          onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
        />
      ))}
      <p className="hint">
        Without an LLM configured, the agent is made of scripted steps that talk without one; with one, the
        LLM drafts it. Either way it opens in the graph editor.
      </p>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create agent'}
        </button>
      </div>
    </form>
  );
}
