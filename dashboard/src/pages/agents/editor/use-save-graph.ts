import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ApiError, unwrap } from '../../../api/errors';
import { agentKeys } from '../agent-queries';
import { flowToDefinition } from './graph-model';
import { placeProblems } from './problems';
import type { useAgentGraph } from './use-agent-graph';

type AgentGraph = ReturnType<typeof useAgentGraph>;

/**
 * Saving the graph as a new version, what the last save said, and whether the graph differs from what was last
 * saved (or loaded): positions, fields, nodes and transitions count; selection and problem marks do not.
 */
export function useSaveGraph(
  agentId: number,
  versionNumber: number,
  graph: AgentGraph,
  onSaved?: () => void,
) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [generalProblems, setGeneralProblems] = useState<string[]>([]);
  const current = useMemo(() => flowToDefinition(graph.nodes, graph.edges), [graph.nodes, graph.edges]);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(current));

  const save = useMutation({
    mutationFn: async () => {
      const sent = current;
      try {
        const agent = unwrap(
          await api.PUT('/api/v1/workflow/{workflow_id}', {
            params: { path: { workflow_id: agentId } },
            // The OpenAPI schema leaves the definition's keys open; openapi-typescript types that as Record<string, never>.
            body: { workflow_definition: sent as unknown as Record<string, never> },
          }),
        );
        return { agent, sent };
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const placed = placeProblems(error.problems, sent);
          graph.showProblems(placed);
          setGeneralProblems(placed.general);
        }
        throw error;
      }
    },
    onMutate: () => setNotice(null),
    onSuccess: async ({ agent, sent }) => {
      setSavedJson(JSON.stringify(sent));
      graph.showProblems(null);
      setGeneralProblems([]);
      setNotice(
        agent.version_number === versionNumber
          ? 'Nothing changed: no new version.'
          : `Saved as version ${agent.version_number}.`,
      );
      queryClient.setQueryData(agentKeys.one(agentId), agent);
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: agentKeys.versions(agentId) });
    },
  });

  return {
    save,
    notice,
    generalProblems,
    definition: current,
    unsaved: JSON.stringify(current) !== savedJson,
  };
}
