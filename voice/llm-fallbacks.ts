/**
 * The fallbacks of a voice configuration's LLM: `fallbacks: [{model, base_url?, api_key?}]`, asked in order when the
 * model before them stalls or fails before its first token (llm/model-chain.ts). An entry without `base_url` is
 * another model on the section's own endpoint, with the section's key; an entry with one has its own key (optional:
 * a local server may need none), which never goes anywhere else. Stored in the llm section's clear values as
 * `fallbacks: [{model, base_url?}]`, each key among the section's secrets as `fallbacks.<i>.api_key`, sealed with them.
 */
import type { FieldSet } from '../providers/credential-fields';

export const MAX_LLM_FALLBACKS = 3;

/** The fields of one fallback, checked, sealed and masked as a section's own fields are. */
export const LLM_FALLBACK: FieldSet = {
  provider: 'openai',
  fields: [
    {
      name: 'model',
      label: 'Model',
      type: 'string',
      required: true,
      sensitive: false,
      maxLength: 200,
      description: 'Chat model.',
    },
    {
      name: 'base_url',
      label: 'Base URL',
      type: 'url',
      required: false,
      sensitive: false,
      maxLength: 2048,
      schemes: ['https', 'http'],
      description:
        'Up to and including the version; absent: the section’s endpoint and key. An outbound destination: ' +
        'private addresses need ALLOWED_PRIVATE_DESTINATIONS.',
    },
    {
      name: 'api_key',
      label: 'API key',
      type: 'string',
      required: false,
      sensitive: true,
      maxLength: 4096,
      description: 'The key of this entry’s own base_url.',
    },
  ],
};

/** A section's (or one fallback's) values: clear fields and decrypted secrets. */
export interface SectionValues {
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
}

const prefixOf = (index: number) => `fallbacks.${index}.`;

/** The section's own values, and its fallbacks' (undefined: none). */
export function splitFallbacks(values: SectionValues): {
  own: SectionValues;
  fallbacks: SectionValues[] | undefined;
} {
  const { fallbacks, ...clear } = values.clear;
  const secrets = Object.fromEntries(
    Object.entries(values.secrets).filter(([name]) => !name.startsWith('fallbacks.')),
  );
  const entries = Array.isArray(fallbacks)
    ? fallbacks.map((entry: unknown, index) => {
        const prefix = prefixOf(index);
        const own = Object.entries(values.secrets).filter(([name]) => name.startsWith(prefix));
        return {
          clear: { ...(entry as Record<string, unknown>) },
          secrets: Object.fromEntries(own.map(([name, value]) => [name.slice(prefix.length), value])),
        };
      })
    : undefined;
  return { own: { clear, secrets }, fallbacks: entries };
}

/** The section's values with its fallbacks inside (none or an empty list: nothing stored). */
export function joinFallbacks(own: SectionValues, fallbacks: SectionValues[] | undefined): SectionValues {
  if (!fallbacks || fallbacks.length === 0) return own;
  const secrets = { ...own.secrets };
  fallbacks.forEach((entry, index) => {
    for (const [name, value] of Object.entries(entry.secrets)) secrets[`${prefixOf(index)}${name}`] = value;
  });
  return { clear: { ...own.clear, fallbacks: fallbacks.map((entry) => entry.clear) }, secrets };
}
