import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { agentKeys } from './agent-queries';

/** Archives an active agent (no more calls; its running campaigns pause) or restores an archived one. */
export function ArchiveAgentButton({ agent }: { agent: { id: number; status: 'active' | 'archived' } }) {
  const queryClient = useQueryClient();
  const next = agent.status === 'active' ? 'archived' : 'active';
  const change = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/workflow/{workflow_id}/status', {
          params: { path: { workflow_id: agent.id } },
          body: { status: next },
        }),
      ),
    onSuccess: async (updated) => {
      queryClient.setQueryData(agentKeys.one(agent.id), updated);
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists() });
    },
  });
  return (
    <div className="actions">
      <ErrorMessage error={change.error} />
      <button
        type="button"
        className={next === 'archived' ? 'danger' : undefined}
        disabled={change.isPending}
        onClick={() => change.mutate()}
      >
        {next === 'archived' ? 'Archive agent' : 'Restore agent'}
      </button>
    </div>
  );
}
