import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { FieldFrame, SelectField, TextField } from '../../ui/Field';
import { agentKeys } from './agent-queries';
import { CALL_TYPES } from './DefinitionForm';

/** Creates an agent from a plain-language description (`POST /workflow/create/template`), then opens it. */
export function DescriptionForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: async (body: {
      call_type: 'inbound' | 'outbound';
      use_case: string;
      activity_description: string;
    }) => unwrap(await api.POST('/api/v1/workflow/create/template', { body })),
    onSuccess: async (agent) => {
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
      await navigate(`/agents/${agent.id}`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({
      call_type: form.get('call_type') === 'inbound' ? 'inbound' : 'outbound',
      use_case: String(form.get('use_case') ?? ''),
      activity_description: String(form.get('activity_description') ?? ''),
    });
  }

  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.forField(field) : undefined;
  return (
    <form className="agent-create" onSubmit={submit} aria-label="Create from a description" noValidate>
      <ErrorMessage error={create.error} />
      <TextField
        label="Use case"
        name="use_case"
        placeholder="appointment reminders"
        required
        error={fieldError('use_case')}
      />
      <SelectField label="Call type" name="call_type" options={CALL_TYPES} defaultValue="outbound" />
      <FieldFrame
        label="What should the agent do?"
        error={fieldError('activity_description')}
        hint="In plain language; the language model drafts the graph, which you can then edit."
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            name="activity_description"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={6}
            required
          />
        )}
      </FieldFrame>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Generating…' : 'Generate agent'}
        </button>
      </div>
    </form>
  );
}
