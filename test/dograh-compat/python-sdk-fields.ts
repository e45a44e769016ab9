/**
 * The fields Dograh's clients require (non-optional) in the responses of the endpoints we serve, per model, as
 * declared in `dograh-hq/dograh` (commit 058c540c): the Python SDK's pydantic models
 * (`sdk/python/src/dograh_sdk/_generated_models.py`, which `model_validate` every response) and the web UI's
 * generated client (`ui/src/client/types.gen.ts`, backed by the pydantic models under `api/routes` and `api/schemas`).
 *
 * A field type is one of the JSON types below, `T | null` when the field must be present but may be null, another
 * model's name (a nested object checked the same way) or `Model[]`. `integer` is where Dograh's model says `int`;
 * `datetime` is a string pydantic reads as a datetime with a zone (`AwareDatetime`).
 *
 * Left out on purpose (another change adds their Dograh fields): `CampaignProgressResponse`,
 * `WorkflowVersionResponse`, `/auth/me`'s `UserResponse`, `HealthResponse`, `TelephonyConfigurationDetail` and
 * `TelephonyConfigurationListResponse`.
 */

export interface DograhModel {
  /** The Dograh file (and class) the required fields come from. */
  source: string;
  /** Required fields and their JSON types. */
  required: Record<string, string>;
  /** Optional fields whose value, when present and not null, must still have this type (nested models). */
  optional?: Record<string, string>;
  /** `extra='forbid'` in the Python SDK: any other key fails `model_validate`. */
  forbidsExtraKeys?: boolean;
  /** Required fields where we knowingly differ: the type we send instead, and why a Dograh client copes. */
  knownDifferences?: Record<string, { type: string; why: string }>;
}

const PYTHON_MODELS = 'sdk/python/src/dograh_sdk/_generated_models.py';
const UI_TYPES = 'ui/src/client/types.gen.ts';

/** Dograh's response models, keyed by its class or type name. */
export const DOGRAH_MODELS: Record<string, DograhModel> = {
  WorkflowResponse: {
    source: `${PYTHON_MODELS} WorkflowResponse; ${UI_TYPES} WorkflowResponse`,
    required: {
      id: 'integer',
      name: 'string',
      status: 'string',
      created_at: 'datetime',
      workflow_definition: 'object',
      current_definition_id: 'integer | null',
    },
  },
  WorkflowListResponse: {
    source: `${PYTHON_MODELS} WorkflowListResponse; ${UI_TYPES} WorkflowListResponse`,
    required: {
      id: 'integer',
      name: 'string',
      status: 'string',
      created_at: 'datetime',
      total_runs: 'integer',
    },
  },
  NodeTypesResponse: {
    source: `${PYTHON_MODELS} NodeTypesResponse; ${UI_TYPES} NodeTypesResponse`,
    required: { spec_version: 'string', node_types: 'NodeSpec[]' },
  },
  NodeSpec: {
    source: `${PYTHON_MODELS} NodeSpec (extra='forbid'); ${UI_TYPES} NodeSpec`,
    required: {
      name: 'string',
      display_name: 'string',
      description: 'string',
      category: 'enum:call_node|global_node|trigger|integration',
      icon: 'string',
      properties: 'PropertySpec[]',
    },
    optional: {
      llm_hint: 'string',
      docs_url: 'string',
      version: 'string',
      examples: 'NodeExample[]',
      graph_constraints: 'GraphConstraints',
    },
    forbidsExtraKeys: true,
  },
  PropertySpec: {
    source: `${PYTHON_MODELS} PropertySpec (extra='forbid'); ${UI_TYPES} PropertySpec`,
    required: {
      name: 'string',
      type:
        'enum:string|number|boolean|options|multi_options|fixed_collection|json|tool_refs|document_refs|' +
        'recording_ref|credential_ref|mention_textarea|url',
      display_name: 'string',
      description: 'string',
    },
    optional: {
      llm_hint: 'string',
      default: 'any',
      required: 'boolean',
      placeholder: 'string',
      display_options: 'DisplayOptions',
      options: 'PropertyOption[]',
      properties: 'PropertySpec[]',
      min_value: 'number',
      max_value: 'number',
      min_length: 'integer',
      max_length: 'integer',
      pattern: 'string',
      editor: 'string',
      renderer_options: 'object',
    },
    forbidsExtraKeys: true,
  },
  PropertyOption: {
    source: `${PYTHON_MODELS} PropertyOption (extra='forbid')`,
    required: { value: 'any', label: 'string' },
    optional: { description: 'string' },
    forbidsExtraKeys: true,
  },
  DisplayOptions: {
    source: `${PYTHON_MODELS} DisplayOptions (extra='forbid')`,
    required: {},
    optional: { show: 'object', hide: 'object' },
    forbidsExtraKeys: true,
  },
  NodeExample: {
    source: `${PYTHON_MODELS} NodeExample (extra='forbid')`,
    required: { name: 'string', data: 'object' },
    optional: { description: 'string' },
    forbidsExtraKeys: true,
  },
  GraphConstraints: {
    source: `${PYTHON_MODELS} GraphConstraints (extra='forbid')`,
    required: {},
    optional: {
      min_incoming: 'integer',
      max_incoming: 'integer',
      min_outgoing: 'integer',
      max_outgoing: 'integer',
      min_instances: 'integer',
      max_instances: 'integer',
    },
    forbidsExtraKeys: true,
  },
  WorkflowRunsResponse: {
    source: `${UI_TYPES} WorkflowRunsResponse (api/routes/workflow.py)`,
    required: {
      runs: 'WorkflowRunResponseSchema[]',
      total_count: 'integer',
      page: 'integer',
      limit: 'integer',
      total_pages: 'integer',
    },
  },
  WorkflowRunResponseSchema: {
    source: `${UI_TYPES} WorkflowRunResponseSchema (api/schemas/workflow.py)`,
    required: {
      id: 'integer',
      workflow_id: 'integer',
      name: 'string',
      mode: 'string',
      created_at: 'datetime',
      is_completed: 'boolean',
      transcript_url: 'string | null',
      recording_url: 'string | null',
      cost_info: 'object | null',
      definition_id: 'integer | null',
      call_type: 'enum:inbound|outbound',
    },
  },
  CreateWorkflowRunResponse: {
    source: `${UI_TYPES} CreateWorkflowRunResponse (api/routes/workflow.py)`,
    required: {
      id: 'integer',
      workflow_id: 'integer',
      name: 'string',
      mode: 'string',
      created_at: 'datetime',
      definition_id: 'integer',
    },
  },
  UsageHistoryResponse: {
    source: `${UI_TYPES} UsageHistoryResponse (api/routes/organization_usage.py)`,
    required: {
      runs: 'WorkflowRunUsageResponse[]',
      total_dograh_tokens: 'number',
      total_duration_seconds: 'integer',
      total_count: 'integer',
      page: 'integer',
      limit: 'integer',
      total_pages: 'integer',
    },
  },
  WorkflowRunUsageResponse: {
    source: `${UI_TYPES} WorkflowRunUsageResponse (api/routes/organization_usage.py)`,
    required: {
      id: 'integer',
      workflow_id: 'integer',
      workflow_name: 'string | null',
      name: 'string',
      created_at: 'string',
      dograh_token_usage: 'number',
      call_duration_seconds: 'integer',
    },
    knownDifferences: {
      call_duration_seconds: {
        type: 'number | null',
        why:
          'null while a run is in progress and fractional for text chats (docs/api.md, Runs); Dograh sends 0 and ' +
          'whole seconds; its usage page formats null as 0s',
      },
    },
  },
  CampaignRunsResponse: {
    source: `${UI_TYPES} CampaignRunsResponse (api/routes/campaign.py)`,
    required: {
      runs: 'object[]',
      total_count: 'integer',
      page: 'integer',
      limit: 'integer',
      total_pages: 'integer',
    },
  },
  ApiKeyResponse: {
    source: `${UI_TYPES} ApiKeyResponse (api/routes/user.py)`,
    required: {
      id: 'integer',
      name: 'string',
      key_prefix: 'string',
      is_active: 'boolean',
      created_at: 'datetime',
    },
  },
  CreateApiKeyResponse: {
    source: `${UI_TYPES} CreateApiKeyResponse (api/routes/user.py)`,
    required: {
      id: 'integer',
      name: 'string',
      key_prefix: 'string',
      api_key: 'string',
      created_at: 'datetime',
    },
  },
  AuthResponse: {
    source: `${UI_TYPES} AuthResponse (api/schemas/auth.py)`,
    required: { token: 'string', user: 'AuthUser' },
  },
  AuthUser: {
    source: `${UI_TYPES} UserResponse as AuthResponse.user (api/schemas/auth.py)`,
    required: { id: 'integer', email: 'string | null' },
  },
  CampaignsResponse: {
    source: `${UI_TYPES} CampaignsResponse (api/routes/campaign.py)`,
    required: { campaigns: 'CampaignResponse[]' },
  },
  CampaignResponse: {
    source: `${UI_TYPES} CampaignResponse (api/routes/campaign.py)`,
    required: {
      id: 'integer',
      name: 'string',
      workflow_id: 'integer',
      workflow_name: 'string',
      state: 'string',
      source_type: 'string',
      source_id: 'string',
      total_rows: 'integer | null',
      processed_rows: 'integer',
      failed_rows: 'integer',
      created_at: 'datetime',
      started_at: 'datetime | null',
      completed_at: 'datetime | null',
      retry_config: 'RetryConfigResponse',
    },
  },
  RetryConfigResponse: {
    source: `${UI_TYPES} RetryConfigResponse (api/routes/campaign.py)`,
    required: {
      enabled: 'boolean',
      max_retries: 'integer',
      retry_delay_seconds: 'integer',
      retry_on_busy: 'boolean',
      retry_on_no_answer: 'boolean',
      retry_on_voicemail: 'boolean',
    },
  },
  PhoneNumberListResponse: {
    source: `${UI_TYPES} PhoneNumberListResponse (api/schemas/telephony_phone_number.py)`,
    required: { phone_numbers: 'PhoneNumberResponse[]' },
  },
  PhoneNumberResponse: {
    source: `${UI_TYPES} PhoneNumberResponse (api/schemas/telephony_phone_number.py)`,
    required: {
      id: 'integer',
      telephony_configuration_id: 'integer',
      address: 'string',
      address_normalized: 'string',
      address_type: 'string',
      is_active: 'boolean',
      is_default_caller_id: 'boolean',
      extra_metadata: 'object',
      created_at: 'datetime',
      updated_at: 'datetime',
    },
  },
  TelephonyProvidersMetadataResponse: {
    source: `${UI_TYPES} TelephonyProvidersMetadataResponse (api/routes/organization.py)`,
    required: { providers: 'TelephonyProviderMetadata[]' },
  },
  TelephonyProviderMetadata: {
    source: `${UI_TYPES} TelephonyProviderMetadata (api/routes/organization.py)`,
    required: { provider: 'string', display_name: 'string', fields: 'TelephonyProviderUiField[]' },
  },
  TelephonyProviderUiField: {
    source: `${UI_TYPES} TelephonyProviderUiField (api/routes/organization.py TelephonyProviderUIField)`,
    required: { name: 'string', label: 'string', type: 'string', required: 'boolean', sensitive: 'boolean' },
  },
  CredentialResponse: {
    source: `${PYTHON_MODELS} CredentialResponse; ${UI_TYPES} CredentialResponse (api/routes/credentials.py)`,
    required: {
      uuid: 'string',
      name: 'string',
      description: 'string | null',
      credential_type: 'string',
      created_at: 'datetime',
      updated_at: 'datetime | null',
    },
  },
  ToolResponse: {
    source: `${PYTHON_MODELS} ToolResponse (api/schemas/tool.py)`,
    required: {
      id: 'integer',
      tool_uuid: 'string',
      name: 'string',
      description: 'string | null',
      category: 'string',
      icon: 'string | null',
      icon_color: 'string | null',
      status: 'string',
      definition: 'object',
      created_at: 'datetime',
      updated_at: 'datetime | null',
      created_by: 'CreatedByResponse | null',
    },
  },
  DocumentResponseSchema: {
    source: `${PYTHON_MODELS} DocumentResponseSchema (api/schemas/knowledge_base.py)`,
    required: {
      id: 'integer',
      document_uuid: 'string',
      filename: 'string',
      file_size_bytes: 'integer',
      file_hash: 'string',
      mime_type: 'string',
      processing_status: 'string',
      total_chunks: 'integer',
      custom_metadata: 'object',
      docling_metadata: 'object',
      created_at: 'datetime',
      updated_at: 'datetime',
      organization_id: 'integer',
      created_by: 'integer',
      is_active: 'boolean',
    },
  },
  DocumentListResponseSchema: {
    source: `${PYTHON_MODELS} DocumentListResponseSchema (api/schemas/knowledge_base.py)`,
    required: {
      documents: 'DocumentResponseSchema[]',
      total: 'integer',
      limit: 'integer',
      offset: 'integer',
    },
  },
  DocumentUploadResponseSchema: {
    source: `${UI_TYPES} DocumentUploadResponseSchema (api/schemas/knowledge_base.py)`,
    required: { upload_url: 'string', document_uuid: 'string', s3_key: 'string' },
  },
  ChunkSearchResponseSchema: {
    source: `${UI_TYPES} ChunkSearchResponseSchema (api/schemas/knowledge_base.py)`,
    required: { chunks: 'ChunkResponseSchema[]', query: 'string', total_results: 'integer' },
  },
  ChunkResponseSchema: {
    source: `${UI_TYPES} ChunkResponseSchema (api/schemas/knowledge_base.py)`,
    required: {
      id: 'integer',
      document_id: 'integer',
      chunk_text: 'string',
      contextualized_text: 'string | null',
      chunk_index: 'integer',
      chunk_metadata: 'object',
      filename: 'string',
      document_uuid: 'string',
      similarity: 'number',
    },
  },
  CreatedByResponse: {
    source: `${PYTHON_MODELS} CreatedByResponse (api/schemas/tool.py)`,
    required: { id: 'integer', provider_id: 'string' },
  },
  RecordingListResponseSchema: {
    source: `${PYTHON_MODELS} RecordingListResponseSchema (api/schemas/workflow_recording.py)`,
    required: { recordings: 'RecordingResponseSchema[]', total: 'integer' },
  },
  RecordingResponseSchema: {
    source: `${PYTHON_MODELS} RecordingResponseSchema (api/schemas/workflow_recording.py)`,
    required: {
      id: 'integer',
      recording_id: 'string',
      organization_id: 'integer',
      transcript: 'string',
      storage_key: 'string',
      storage_backend: 'string',
      metadata: 'object',
      created_by: 'integer',
      created_at: 'datetime',
      is_active: 'boolean',
    },
  },
  ToolTestResponse: {
    source: `api/schemas/tool.py ToolTestResponse (api/routes/tool.py test_tool)`,
    required: {
      status: 'string',
      status_code: 'integer | null',
      data: 'any',
      error: 'string | null',
      hint: 'string | null',
      request_method: 'string',
      request_url: 'string',
      request_headers: 'object',
      request_body: 'object | null',
      request_params: 'object | null',
      duration_ms: 'integer',
    },
  },
  PresignedUploadUrlResponse: {
    source: `${UI_TYPES} PresignedUploadUrlResponse (api/routes/s3_signed_url.py)`,
    required: { upload_url: 'string', file_key: 'string', expires_in: 'integer' },
  },
};
