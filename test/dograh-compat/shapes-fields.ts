/**
 * The fields Dograh's clients read in five responses whose shapes we extended to Dograh's (issue 17 item 6), as
 * declared in `dograh-hq/dograh` (commit 058c540c): the web UI's generated client `ui/src/client/types.gen.ts`
 * (generated from the backend's pydantic models named in each `source`). Dograh's Python and TypeScript SDKs have no
 * models for these five.
 *
 * Types: `integer`, `number`, `string`, `boolean`, `object`, `datetime` (ISO 8601 with a zone), `enum:a|b`, or
 * `T | null`. `required` lists the fields Dograh requires plus Dograh's optional ones we send (they must be present);
 * `optional` lists Dograh's optional fields we leave out, checked only when present.
 */

export interface ExpectedShape {
  source: string;
  required: Record<string, string>;
  optional?: Record<string, string>;
}

const UI_TYPES = 'ui/src/client/types.gen.ts';

/** `GET /api/v1/campaign/{id}/progress`. */
export const CAMPAIGN_PROGRESS: ExpectedShape = {
  source: `${UI_TYPES} CampaignProgressResponse; api/routes/campaign.py CampaignProgressResponse`,
  required: {
    campaign_id: 'integer',
    state: 'string',
    total_rows: 'integer',
    processed_rows: 'integer',
    failed_calls: 'integer',
    progress_percentage: 'number',
    source_sync: 'object',
    // Dograh declares `int` (its campaign's rate_limit_per_second, default 1); ours is the configuration's
    // calls_per_second, which may be a fraction, and null when the configuration sets no rate (docs/api.md).
    rate_limit: 'number | null',
    started_at: 'datetime | null',
    completed_at: 'datetime | null',
  },
};

/** `source_sync` inside the progress: api/services/campaign/runner.py `get_campaign_status`. */
export const SOURCE_SYNC: ExpectedShape = {
  source: 'api/services/campaign/runner.py get_campaign_status; api/db/models.py source_sync_status',
  required: {
    status: 'enum:pending|in_progress|completed|failed',
    last_synced_at: 'datetime | null',
    error: 'string | null',
  },
};

/** One item of `GET /api/v1/workflow/{id}/versions` (a bare array). */
export const WORKFLOW_VERSION: ExpectedShape = {
  source: `${UI_TYPES} WorkflowVersionResponse; api/routes/workflow.py WorkflowVersionResponse`,
  required: {
    id: 'integer',
    version_number: 'integer',
    status: 'string',
    created_at: 'datetime',
    published_at: 'datetime | null',
    workflow_json: 'object',
    workflow_configurations: 'object | null',
    template_context_variables: 'object | null',
  },
};

/** `GET /api/v1/auth/me` for a caller with a user. */
export const AUTH_ME: ExpectedShape = {
  source: `${UI_TYPES} UserResponse; api/schemas/auth.py UserResponse`,
  required: {
    id: 'integer',
    email: 'string | null',
    name: 'string | null',
    organization_id: 'integer | null',
    provider_id: 'string | null',
  },
};

/** `GET /api/v1/health`. */
export const HEALTH: ExpectedShape = {
  source: `${UI_TYPES} HealthResponse; api/routes/main.py health`,
  required: {
    status: 'string',
    version: 'string',
    backend_api_endpoint: 'string',
    deployment_mode: 'string',
    auth_provider: 'string',
    turn_enabled: 'boolean',
    force_turn_relay: 'boolean',
    signup_enabled: 'boolean',
  },
  optional: {
    tunnel_url: 'string | null',
    stack_project_id: 'string | null',
    stack_publishable_client_key: 'string | null',
  },
};

const CONFIGURATION_COMMON = {
  id: 'integer',
  name: 'string',
  provider: 'string',
  is_default_outbound: 'boolean',
  inactive: 'boolean',
  inactive_reason: 'string | null',
  created_at: 'datetime',
  updated_at: 'datetime',
};

/** One of `GET /api/v1/organizations/telephony-configs`'s `configurations`. */
export const TELEPHONY_CONFIGURATION_LIST_ITEM: ExpectedShape = {
  source: `${UI_TYPES} TelephonyConfigurationListItem; api/schemas/telephony_config.py`,
  required: {
    ...CONFIGURATION_COMMON,
    phone_number_count: 'integer',
    is_ready_for_outbound: 'boolean',
    outbound_blocked_reason: 'string | null',
  },
  optional: { connectivity: 'enum:api|sip', inactive_since: 'datetime | null' },
};

/** `GET /api/v1/organizations/telephony-configs/{id}`; we send the list item's readiness fields here too. */
export const TELEPHONY_CONFIGURATION_DETAIL: ExpectedShape = {
  source: `${UI_TYPES} TelephonyConfigurationDetail; api/schemas/telephony_config.py`,
  required: {
    ...CONFIGURATION_COMMON,
    credentials: 'object',
    phone_number_count: 'integer',
    is_ready_for_outbound: 'boolean',
    outbound_blocked_reason: 'string | null',
  },
  optional: {
    connectivity: 'enum:api|sip',
    inactive_since: 'datetime | null',
    supports_trunks: 'boolean',
  },
};
