/** Fields several voice vendors share (a key, a model, a voice, a base URL), declared once for voice-vendors.ts. */
import type { ProviderField } from '../providers/catalogue';

export const apiKey: ProviderField = {
  name: 'api_key',
  label: 'API key',
  type: 'string',
  required: true,
  sensitive: true,
  maxLength: 4096,
};

export const model = (description: string): ProviderField => ({
  name: 'model',
  label: 'Model',
  type: 'string',
  required: false,
  sensitive: false,
  maxLength: 200,
  description,
});

export const voiceField = (description: string): ProviderField => ({
  name: 'voice',
  label: 'Voice',
  type: 'string',
  required: false,
  sensitive: false,
  maxLength: 100,
  description,
});

export const baseUrl = (
  required: boolean,
  schemes: readonly string[],
  description: string,
): ProviderField => ({
  name: 'base_url',
  label: 'Base URL',
  type: 'url',
  required,
  sensitive: false,
  maxLength: 2048,
  schemes,
  description: `${description} An outbound destination: private addresses need ALLOWED_PRIVATE_DESTINATIONS.`,
});
