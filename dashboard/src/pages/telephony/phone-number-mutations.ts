import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';
import { CONFIGURATIONS_KEY } from './telephony-queries';

type NumbersPath = paths['/api/v1/organizations/telephony-configs/{config_id}/phone-numbers'];
/** The body of `POST …/phone-numbers`. */
export type NewPhoneNumber = NumbersPath['post']['requestBody']['content']['application/json'];
/** What `POST …/phone-numbers` answers: the number as typed (`address`) and as dialled (`address_normalized`). */
export type AddedPhoneNumber = NumbersPath['post']['responses'][201]['content']['application/json'];
type NumberPath =
  paths['/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}'];
/** The body of `PUT …/phone-numbers/{id}`. */
export type PhoneNumberChange = NonNullable<NumberPath['put']['requestBody']>['content']['application/json'];

/** Add, change, make default caller and delete the numbers of one configuration; each refreshes what it touches. */
export function usePhoneNumberMutations(configId: number) {
  const queryClient = useQueryClient();
  // The configuration list counts numbers and shows readiness, so it is refreshed with the numbers.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: CONFIGURATIONS_KEY });
  const path = (id: number) => ({ params: { path: { config_id: configId, phone_number_id: id } } });
  return {
    add: useMutation({
      onSettled,
      mutationFn: async (body: NewPhoneNumber) =>
        unwrap(
          await api.POST('/api/v1/organizations/telephony-configs/{config_id}/phone-numbers', {
            params: { path: { config_id: configId } },
            body,
          }),
        ),
    }),
    change: useMutation({
      onSettled,
      mutationFn: async ({ id, body }: { id: number; body: PhoneNumberChange }) =>
        unwrap(
          await api.PUT(
            '/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}',
            {
              ...path(id),
              body,
            },
          ),
        ),
    }),
    makeDefaultCaller: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(
          await api.POST(
            '/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}/set-default-caller',
            path(id),
          ),
        ),
    }),
    remove: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(
          await api.DELETE(
            '/api/v1/organizations/telephony-configs/{config_id}/phone-numbers/{phone_number_id}',
            path(id),
          ),
        ),
    }),
  };
}
