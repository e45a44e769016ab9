import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** A campaign as GET /campaign/{id} answers it (with its latest log entries). */
export type Campaign = Json<paths['/api/v1/campaign/{campaign_id}']['get']['responses'][200]>;
/** GET /campaign/{id}/progress. */
export type CampaignProgress = Json<
  paths['/api/v1/campaign/{campaign_id}/progress']['get']['responses'][200]
>;
/** One page of GET /campaign/{id}/logs. */
export type CampaignLogPage = Json<paths['/api/v1/campaign/{campaign_id}/logs']['get']['responses'][200]>;
/** One page of GET /campaign/{id}/runs. */
export type CampaignRunsPage = Json<paths['/api/v1/campaign/{campaign_id}/runs']['get']['responses'][200]>;
/** The body of PATCH /campaign/{id}. */
export type CampaignUpdate = NonNullable<
  paths['/api/v1/campaign/{campaign_id}']['patch']['requestBody']
>['content']['application/json'];
/** The flags and name of POST /campaign/{id}/redial. */
export type RedialRequest = NonNullable<
  paths['/api/v1/campaign/{campaign_id}/redial']['post']['requestBody']
>['content']['application/json'];

/** Every query of one campaign shares this prefix, so an action refreshes them all at once. */
export const campaignKey = (campaignId: number) => ['campaign', campaignId] as const;

/** States in which the engine changes the campaign by itself (the page refreshes on its own then). */
const MOVING_STATES = new Set(['syncing', 'running']);
/** How often a moving campaign's page refreshes; a paused one more slowly (its calls in flight still finish). */
const MOVING_REFRESH_MS = 1_000;
const PAUSED_REFRESH_MS = 5_000;

/** The refresh interval for a campaign in this state: false once nothing changes by itself. */
export function refreshIntervalFor(state: string | undefined): number | false {
  if (state && MOVING_STATES.has(state)) return MOVING_REFRESH_MS;
  if (state === 'paused') return PAUSED_REFRESH_MS;
  return false;
}

/** The campaign, refreshed while it runs. */
export function useCampaign(campaignId: number) {
  return useQuery({
    queryKey: [...campaignKey(campaignId), 'detail'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}', { params: { path: { campaign_id: campaignId } } }),
      ),
    refetchInterval: (query) => refreshIntervalFor(query.state.data?.state),
  });
}

/**
 * When the campaign's state changes (e.g. to completed), its progress, log and runs are read once more: they stop
 * refreshing by themselves in a final state, and their last read may predate the change.
 */
export function useRefreshOnStateChange(campaignId: number, state: string | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === state) return;
    previous.current = state;
    void queryClient.invalidateQueries({
      queryKey: campaignKey(campaignId),
      predicate: (query) => query.queryKey[2] !== 'detail',
    });
  }, [campaignId, state, queryClient]);
}

/** The campaign's progress counters, refreshed at the campaign's pace (`state` is the campaign's). */
export function useCampaignProgress(campaignId: number, state: string | undefined) {
  return useQuery({
    queryKey: [...campaignKey(campaignId), 'progress'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}/progress', {
          params: { path: { campaign_id: campaignId } },
        }),
      ),
    refetchInterval: refreshIntervalFor(state),
  });
}

/** One page of the campaign's activity log, newest first. */
export function useCampaignLogs(campaignId: number, page: number, limit: number, state: string | undefined) {
  return useQuery({
    queryKey: [...campaignKey(campaignId), 'logs', page, limit],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}/logs', {
          params: { path: { campaign_id: campaignId }, query: { page, limit } },
        }),
      ),
    refetchInterval: refreshIntervalFor(state),
    placeholderData: (previous) => previous,
  });
}

/** One page of the campaign's runs, newest first. */
export function useCampaignRuns(campaignId: number, page: number, limit: number, state: string | undefined) {
  return useQuery({
    queryKey: [...campaignKey(campaignId), 'runs', page, limit],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}/runs', {
          params: { path: { campaign_id: campaignId }, query: { page, limit } },
        }),
      ),
    refetchInterval: refreshIntervalFor(state),
    placeholderData: (previous) => previous,
  });
}

/** The operator's state actions; each answers the campaign. */
export type CampaignAction = 'start' | 'pause' | 'resume';

async function postAction(campaignId: number, action: CampaignAction) {
  const params = { params: { path: { campaign_id: campaignId } } };
  if (action === 'start') return unwrap(await api.POST('/api/v1/campaign/{campaign_id}/start', params));
  if (action === 'pause') return unwrap(await api.POST('/api/v1/campaign/{campaign_id}/pause', params));
  return unwrap(await api.POST('/api/v1/campaign/{campaign_id}/resume', params));
}

/** Start, pause or resume; on success every query of the campaign is read again. */
export function useCampaignAction(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => postAction(campaignId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) }),
  });
}

/** Creates the redial campaign of a completed one; answers the new campaign. */
export function useRedial(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RedialRequest) =>
      unwrap(
        await api.POST('/api/v1/campaign/{campaign_id}/redial', {
          params: { path: { campaign_id: campaignId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) }),
  });
}

/** Changes the campaign's name or settings; the answer replaces the cached campaign and the rest is read again. */
export function useUpdateCampaign(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CampaignUpdate) =>
      unwrap(
        await api.PATCH('/api/v1/campaign/{campaign_id}', {
          params: { path: { campaign_id: campaignId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKey(campaignId) }),
  });
}
