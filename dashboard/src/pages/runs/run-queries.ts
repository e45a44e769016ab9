import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';
import { ownPath } from './format';
import { runListQuery, type RunFilters } from './run-filters';

type RunsListPath = paths['/api/v1/organizations/usage/runs']['get'];
type RunDetailPath = paths['/api/v1/workflow/{workflow_id}/runs/{run_id}']['get'];

/** One page of the organization's runs with its totals. */
export type RunListEnvelope = RunsListPath['responses'][200]['content']['application/json'];
export type RunListItem = RunListEnvelope['runs'][number];
export type RunDetail = RunDetailPath['responses'][200]['content']['application/json'];

/** A run as its page shows it: the list's fields (agent name, disposition, cost) and the detail's. */
export interface RunView {
  summary: RunListItem;
  detail: RunDetail;
}

/** While a run is in progress its page asks again this often, so the conversation grows by itself. */
const IN_PROGRESS_REFRESH_MS = 3_000;

/** The runs list page for the filters; the previous page stays drawn while the next one loads. */
export function useRunsPage(filters: RunFilters) {
  const query = runListQuery(filters);
  return useQuery({
    queryKey: ['runs', 'list', query],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/usage/runs', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The agents a run can belong to (archived ones too: their runs stay), for the agent filter. */
export function useAgentOptions() {
  return useQuery({
    queryKey: ['agents', 'runs-filter-options'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/workflow/fetch', { params: { query: { status: 'active,archived' } } })),
    select: (agents) => agents.map((agent) => ({ value: String(agent.id), label: agent.name })),
    staleTime: 60_000,
  });
}

/** The organization's campaigns, for the campaign filter. */
export function useCampaignOptions() {
  return useQuery({
    queryKey: ['campaigns', 'runs-filter-options'],
    queryFn: async () => unwrap(await api.GET('/api/v1/campaign')),
    select: (body) =>
      body.campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name })),
    staleTime: 60_000,
  });
}

/**
 * One run by its id alone: the organization's list filtered on `runId` says which agent it belongs to (and carries
 * the agent's name, disposition and cost), then the agent's run detail adds its state, logs and contexts. Null when
 * the organization has no such run.
 */
async function fetchRun(runId: number): Promise<RunView | null> {
  const filters = JSON.stringify([{ attribute: 'runId', type: 'number', value: runId }]);
  const list = unwrap(
    await api.GET('/api/v1/organizations/usage/runs', { params: { query: { page: 1, limit: 1, filters } } }),
  );
  const summary = list.runs[0];
  if (!summary) return null;
  const detail = unwrap(
    await api.GET('/api/v1/workflow/{workflow_id}/runs/{run_id}', {
      params: { path: { workflow_id: summary.workflow_id, run_id: runId } },
    }),
  );
  return { summary, detail };
}

const isInProgress = (run: RunView | null | undefined) => Boolean(run && !run.detail.is_completed);

/** One run, asked again every few seconds while it is in progress. */
export function useRun(runId: number | null) {
  return useQuery({
    queryKey: ['runs', 'detail', runId],
    enabled: runId !== null,
    queryFn: () => fetchRun(runId!),
    refetchInterval: (query) => (isInProgress(query.state.data) ? IN_PROGRESS_REFRESH_MS : false),
    // A finished run does not change; asking again would only mint new public links and restart the player.
    staleTime: (query) => (isInProgress(query.state.data) ? 0 : Infinity),
  });
}

/** A finished run's stored transcript (JSON), read through its public link on this origin. */
export function useStoredTranscript(runId: number, publicUrl: string | null) {
  return useQuery({
    queryKey: ['runs', 'transcript', runId],
    enabled: publicUrl !== null,
    staleTime: Infinity,
    queryFn: async (): Promise<unknown> => {
      const response = await fetch(ownPath(publicUrl!), { credentials: 'omit' });
      if (!response.ok) throw new Error(`The transcript could not be loaded (HTTP ${response.status}).`);
      return response.json();
    },
  });
}
