import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { FieldFrame, SelectField, TextField } from '../../ui/Field';
import { agentKeys } from './agent-queries';
import { minimalDefinition } from './default-definition';

export const CALL_TYPES = [
  { value: 'outbound', label: 'Outbound (we call)' },
  { value: 'inbound', label: 'Inbound (they call)' },
];

/** The definition problems of a 422, one line each with where in the JSON it points. */
function definitionProblems(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const lines = error.problems
    .filter((problem) => problem.field?.startsWith('workflow_definition'))
    .map(
      (problem) =>
        `${problem.field!.replace(/^workflow_definition\.?/, '') || 'definition'}: ${problem.message}`,
    );
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** Creates an agent from an explicit definition (`POST /workflow/create/definition`), then opens it. */
export function DefinitionForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [json, setJson] = useState(() => JSON.stringify(minimalDefinition(), null, 2));
  const [jsonError, setJsonError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: async (body: {
      name: string;
      call_type: 'inbound' | 'outbound';
      workflow_definition: Record<string, unknown>;
    }) =>
      unwrap(
        await api.POST('/api/v1/workflow/create/definition', {
          // The OpenAPI schema leaves the definition's keys open; openapi-typescript types that as Record<string, never>.
          body: { ...body, workflow_definition: body.workflow_definition as Record<string, never> },
        }),
      ),
    onSuccess: async (agent) => {
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
      await navigate(`/agents/${agent.id}`);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let definition: unknown;
    try {
      definition = JSON.parse(json);
    } catch (failure) {
      setJsonError(`This is not valid JSON: ${(failure as Error).message}`);
      return;
    }
    if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
      setJsonError('The definition must be a JSON object with nodes and edges.');
      return;
    }
    setJsonError(undefined);
    create.mutate({
      name: String(form.get('name') ?? ''),
      call_type: form.get('call_type') === 'inbound' ? 'inbound' : 'outbound',
      workflow_definition: definition as Record<string, unknown>,
    });
  }

  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.forField(field) : undefined;
  return (
    <form className="agent-create" onSubmit={submit} aria-label="Create from a definition" noValidate>
      <ErrorMessage error={create.error} />
      <TextField label="Agent name" name="name" required error={fieldError('name')} />
      <SelectField label="Call type" name="call_type" options={CALL_TYPES} defaultValue="outbound" />
      <FieldFrame
        label="Definition (JSON)"
        error={jsonError ?? definitionProblems(create.error)}
        hint="Nodes (startCall, agentNode, endCall, globalNode) and edges; a small starting graph is filled in."
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={18}
            spellCheck={false}
            value={json}
            onChange={(event) => setJson(event.target.value)}
          />
        )}
      </FieldFrame>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          Create agent
        </button>
      </div>
    </form>
  );
}
