import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type ListPath = paths['/api/v1/organizations/webhooks'];
type OnePath = paths['/api/v1/organizations/webhooks/{id}'];
type DeliveriesPath = paths['/api/v1/organizations/webhooks/{id}/deliveries'];
/** An endpoint as listed (never its secret). */
export type WebhookEndpoint = OnePath['get']['responses'][200]['content']['application/json'];
/** An endpoint just created or rotated: the listed fields plus `secret`, shown this once. */
export type EndpointWithSecret = ListPath['post']['responses'][201]['content']['application/json'];
export type NewEndpoint = ListPath['post']['requestBody']['content']['application/json'];
export type EndpointChange = OnePath['put']['requestBody']['content']['application/json'];
export type DeliveryPage = DeliveriesPath['get']['responses'][200]['content']['application/json'];
export type Delivery = DeliveryPage['deliveries'][number];

const KEY = ['webhooks'] as const;
const path = (id: number) => ({ params: { path: { id } } });

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/webhooks')).endpoints,
  });
}

/**
 * How often the page of an endpoint that receives asks for it again, to show it failing, or disabled when the service
 * gives up on it, without a reload.
 */
const STATE_REFRESH_MS = 5000;

export function useWebhookEndpoint(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/webhooks/{id}', path(id))),
    refetchInterval: (query) =>
      query.state.data?.active && !query.state.data.disabled_at ? STATE_REFRESH_MS : false,
  });
}

/** How often a page with deliveries still pending asks again, to show their attempts as they happen. */
const PENDING_REFRESH_MS = 2000;

/** One page of an endpoint's deliveries, newest first, each with its attempts. */
export function useDeliveries(id: number, page: number, limit: number) {
  return useQuery({
    queryKey: [...KEY, 'deliveries', id, { page, limit }],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/webhooks/{id}/deliveries', {
          params: { path: { id }, query: { page, limit } },
        }),
      ),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.state === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** Create, update, delete, rotate, test, redeliver one or all since a time; each refreshes what it changed. */
export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      onSettled,
      mutationFn: async (body: NewEndpoint) =>
        unwrap(await api.POST('/api/v1/organizations/webhooks', { body })),
    }),
    update: useMutation({
      onSettled,
      mutationFn: async ({ id, body }: { id: number; body: EndpointChange }) =>
        unwrap(await api.PUT('/api/v1/organizations/webhooks/{id}', { ...path(id), body })),
    }),
    remove: useMutation({
      mutationFn: async (id: number) =>
        unwrap(await api.DELETE('/api/v1/organizations/webhooks/{id}', path(id))),
      // Only the list is asked again: the endpoint's own queries would answer 404 now.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] }),
    }),
    rotate: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(await api.POST('/api/v1/organizations/webhooks/{id}/rotate-secret', path(id))),
    }),
    sendTest: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(await api.POST('/api/v1/organizations/webhooks/{id}/test', path(id))),
    }),
    redeliverSince: useMutation({
      onSettled,
      mutationFn: async ({ id, since }: { id: number; since: string }) =>
        unwrap(
          await api.POST('/api/v1/organizations/webhooks/{id}/deliveries/redeliver', {
            params: { path: { id } },
            body: { since },
          }),
        ),
    }),
    redeliver: useMutation({
      onSettled,
      mutationFn: async ({ id, deliveryId }: { id: number; deliveryId: number }) =>
        unwrap(
          await api.POST('/api/v1/organizations/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
            params: { path: { id, delivery_id: deliveryId } },
          }),
        ),
    }),
  };
}
