import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type VoicePaths = paths['/api/v1/organizations/voice-configs'];
/** A voice configuration as the API answers it (secrets masked). */
export type VoiceConfiguration =
  VoicePaths['get']['responses'][200]['content']['application/json']['configurations'][number];
/** The body of `POST /organizations/voice-configs`. */
export type NewVoiceConfiguration = VoicePaths['post']['requestBody']['content']['application/json'];

export const VOICE_SECTIONS = [
  { key: 'stt', title: 'Speech-to-text', none: 'None (simulator calls read the text)' },
  { key: 'tts', title: 'Text-to-speech', none: 'Default (local voice)' },
  { key: 'llm', title: 'Language model', none: "Default (the operator's settings)" },
] as const;
export type VoiceSectionKey = (typeof VOICE_SECTIONS)[number]['key'];

const VOICE_KEY = ['voice-configs'] as const;

/** The organization's voice configurations, oldest first. */
export function useVoiceConfigurations() {
  return useQuery({
    queryKey: VOICE_KEY,
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/voice-configs')).configurations,
  });
}

/** The vendors of each section and their fields. */
export function useVoiceMetadata() {
  return useQuery({
    queryKey: ['voice-vendors'],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/voice-configs/metadata')),
    staleTime: Infinity,
  });
}

/** Create and delete voice configurations; both refresh the list. */
export function useVoiceMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: VOICE_KEY });
  return {
    create: useMutation({
      onSettled,
      mutationFn: async (body: NewVoiceConfiguration) =>
        unwrap(await api.POST('/api/v1/organizations/voice-configs', { body })),
    }),
    remove: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(await api.DELETE('/api/v1/organizations/voice-configs/{id}', { params: { path: { id } } })),
    }),
  };
}
