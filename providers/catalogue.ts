import { CALL_OUTCOMES } from '../domain/outcomes';

/**
 * The telephony providers and their configuration fields, declared once: validation, masking and the
 * providers metadata endpoint all read this list.
 */

export const PROVIDER_NAMES = ['twilio', 'telnyx', 'vonage', 'plivo', 'ari', 'simulator'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type FieldType = 'string' | 'url' | 'number' | 'boolean' | 'object';

export interface ProviderField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Encrypted at rest and returned masked. */
  sensitive: boolean;
  description?: string;
  /** The value the engine uses when the field is absent (never written into the stored config). */
  default?: number | boolean;
  /** Inclusive bounds of a number; `exclusiveMinimum` for "greater than". */
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  /** The values a `string` field accepts; absent: any non-empty string. */
  choices?: readonly string[];
  /** Longest value of a `string` or `url` field. */
  maxLength?: number;
  /** Schemes a `url` field accepts (default http and https); every `url` field is a destination checked on save. */
  schemes?: readonly string[];
  /** Further checks of an `object` field; returns a problem or null. */
  check?: (value: Record<string, unknown>) => string | null;
  /** Further checks of a `string` field (its characters, its form); returns a problem or null. */
  checkText?: (value: string) => string | null;
}

export interface ProviderDefinition {
  provider: ProviderName;
  display_name: string;
  fields: readonly ProviderField[];
}

const text = (name: string, label: string, sensitive = false, required = true): ProviderField => ({
  name,
  label,
  type: 'string',
  required,
  sensitive,
});

const callsPerSecond: ProviderField = {
  name: 'calls_per_second',
  label: 'Calls per second',
  type: 'number',
  required: false,
  sensitive: false,
  // The engine counts calls over at most the last minute (call leases), so one call per 50 s is the slowest rate
  // it can honour; far above any vendor's per-account limit, 1000 keeps the count inside an int.
  minimum: 0.02,
  maximum: 1000,
  description:
    'Upper bound on new calls per second through this configuration, across all campaigns (0.02 … 1000; ' +
    'below 1, one call per 1/N seconds).',
};

const amdEnabled: ProviderField = {
  name: 'amd_enabled',
  label: 'Answering machine detection',
  type: 'boolean',
  required: false,
  sensitive: false,
  description: "Ask the provider to tell people from machines, so machine answers end as 'voicemail'.",
};

/** Points the adapter at another API host: a vendor's regional edge, or a local fake in tests. */
const apiBaseUrlField = (fallback: string): ProviderField => ({
  name: 'api_base_url',
  label: 'API base URL',
  type: 'url',
  required: false,
  sensitive: false,
  description: `Override of the vendor's API base URL (default ${fallback}), e.g. a regional edge.`,
});

/** `script` maps an E.164 number to the outcomes of its successive attempts. */
function checkScript(script: Record<string, unknown>): string | null {
  for (const [number, outcomes] of Object.entries(script)) {
    if (!/^\+[1-9]\d{1,14}$/.test(number)) return `script key '${number}' is not an E.164 number`;
    const known: readonly string[] = CALL_OUTCOMES;
    if (!Array.isArray(outcomes) || outcomes.some((o) => typeof o !== 'string' || !known.includes(o))) {
      return `script['${number}'] must be an array of outcomes (${CALL_OUTCOMES.join(', ')})`;
    }
  }
  return null;
}

export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    provider: 'twilio',
    display_name: 'Twilio',
    fields: [
      text('account_sid', 'Account SID'),
      text('auth_token', 'Auth token', true),
      callsPerSecond,
      amdEnabled,
      apiBaseUrlField('https://api.twilio.com'),
    ],
  },
  {
    provider: 'telnyx',
    display_name: 'Telnyx',
    fields: [
      text('api_key', 'API key', true),
      text('connection_id', 'Connection (Call Control application) id'),
      {
        ...text('public_key', 'Public key'),
        description: 'Ed25519 public key of the account, used to verify webhook signatures.',
      },
      callsPerSecond,
      amdEnabled,
      apiBaseUrlField('https://api.telnyx.com'),
    ],
  },
  {
    provider: 'vonage',
    display_name: 'Vonage',
    fields: [
      text('application_id', 'Application id'),
      text('private_key', 'Application private key (PEM)', true),
      text('api_key', 'API key'),
      text('api_secret', 'API secret', true),
      {
        ...text('signature_secret', 'Signature secret', true),
        description:
          "The account's signature secret (Vonage dashboard, API settings): every Vonage webhook must be signed with it.",
      },
      callsPerSecond,
      amdEnabled,
      apiBaseUrlField('https://api.nexmo.com'),
      {
        name: 'numbers_api_base_url',
        label: 'Numbers API base URL',
        type: 'url',
        required: false,
        sensitive: false,
        description:
          "Override of Vonage's Numbers API base URL (default https://rest.nexmo.com), used to link numbers to the application.",
      },
    ],
  },
  {
    provider: 'plivo',
    display_name: 'Plivo',
    fields: [
      text('auth_id', 'Auth ID'),
      text('auth_token', 'Auth token', true),
      callsPerSecond,
      amdEnabled,
      apiBaseUrlField('https://api.plivo.com'),
    ],
  },
  {
    provider: 'ari',
    display_name: 'Asterisk (ARI)',
    fields: [
      {
        name: 'ari_endpoint',
        label: 'ARI endpoint URL',
        type: 'url',
        required: true,
        sensitive: false,
        description: 'Base URL of the Asterisk REST Interface, e.g. http://pbx.example.com:8088.',
        schemes: ['http', 'https', 'ws', 'wss'],
      },
      text('app_name', 'Stasis application name'),
      text('app_password', 'ARI password', true),
      {
        ...text('dial_template', 'Dial string', false, false),
        description:
          "Asterisk endpoint an outbound call dials, with {number} for the callee (default 'PJSIP/{number}'), e.g. 'PJSIP/{number}@my-trunk'.",
      },
      {
        ...text('media_connection', 'Media WebSocket connection', false, false),
        description:
          "The websocket_client.conf connection (Asterisk 20.16, 21.11, 22.6, 23 or later) whose uri is this service's media URL ending in /media/ari; without it answered calls have no agent voice.",
        maxLength: 80,
      },
      {
        ...text('transfer_endpoint', 'PJSIP endpoint for SIP transfers', false, false),
        description:
          'The PJSIP endpoint a transfer to a SIP URI dials through (PJSIP/<endpoint>/<uri>); transfers to numbers use the dial string. Without it, SIP URI transfers are refused.',
        maxLength: 80,
      },
      callsPerSecond,
    ],
  },
  {
    provider: 'simulator',
    display_name: 'Simulator (no real calls)',
    fields: [
      {
        name: 'ring_seconds',
        label: 'Ring seconds',
        type: 'number',
        required: false,
        sensitive: false,
        default: 1,
        minimum: 0,
        maximum: 3600,
      },
      {
        name: 'talk_seconds',
        label: 'Talk seconds',
        type: 'number',
        required: false,
        sensitive: false,
        default: 2,
        minimum: 0,
        maximum: 86400,
      },
      {
        name: 'script',
        label: 'Outcome script',
        type: 'object',
        required: false,
        sensitive: false,
        description: 'Fixed outcome sequence per number, e.g. {"+15550100": ["busy", "completed"]}.',
        check: checkScript,
      },
      {
        name: 'drop_callback_rate',
        label: 'Dropped status callback rate',
        type: 'number',
        required: false,
        sensitive: false,
        minimum: 0,
        maximum: 1,
        description:
          'Share of status callbacks the simulator loses on purpose (0 to 1), to exercise recovery.',
      },
      callsPerSecond,
    ],
  },
];

/** The definition of a provider, or undefined for a name outside the catalogue. */
export function providerDefinition(name: string): ProviderDefinition | undefined {
  return PROVIDERS.find((definition) => definition.provider === name);
}

export function isProviderName(name: unknown): name is ProviderName {
  return typeof name === 'string' && (PROVIDER_NAMES as readonly string[]).includes(name);
}
