import { Type, type Static } from '@sinclair/typebox';
import type { PreCallFetchOutcome } from '../../../db/repositories/pre-call-fetches';
import type { Run } from '../../../db/database';
import type { RunListItem, RunListPage } from '../../../db/repositories/runs';
import type { ArtifactLinks } from '../../../artifacts/run-links';
import { NO_CONVERSATION_REASONS, RUN_STATUSES, type RunExplanation } from './run-explanation';

/** Response schemas of runs and the functions that shape rows into them. */

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const AnyObject = Type.Object({}, { additionalProperties: true });

// `*_url`: signed storage URLs (1 h); `*_public_url`: shareable links carrying `public_access_token`, minted on
// each read; null where the run has no such artifact.
const urlFields = {
  recording_url: NullableString,
  transcript_url: NullableString,
  user_recording_url: NullableString,
  bot_recording_url: NullableString,
  recording_public_url: NullableString,
  transcript_public_url: NullableString,
  user_recording_public_url: NullableString,
  bot_recording_public_url: NullableString,
  public_access_token: NullableString,
};

export const RunListItemSchema = Type.Object({
  id: Type.Integer(),
  workflow_id: Type.Integer(),
  workflow_name: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  service_token_usage: Type.Number(),
  dograh_token_usage: Type.Number({ description: "Dograh's name for service_token_usage: the same value." }),
  call_duration_seconds: NullableNumber,
  ...urlFields,
  phone_number: NullableString,
  caller_number: NullableString,
  called_number: NullableString,
  call_type: Type.String(),
  mode: Type.String(),
  disposition: NullableString,
  initial_context: AnyObject,
  gathered_context: AnyObject,
  charge_usd: Type.Number(),
});

export const RunListEnvelope = Type.Object({
  runs: Type.Array(RunListItemSchema),
  total_service_tokens: Type.Number(),
  total_dograh_tokens: Type.Number({
    description: "Dograh's name for total_service_tokens: the same value.",
  }),
  total_duration_seconds: Type.Number(),
  total_count: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_pages: Type.Integer(),
});

// Dograh's WorkflowRunResponseSchema, the item of its agent and campaign runs lists, requires these; the
// organization's usage list (its WorkflowRunUsageResponse) does not, and keeps the spec's fields.
const runStateFields = {
  is_completed: Type.Boolean(),
  definition_id: Type.Union([Type.Integer(), Type.Null()]),
  cost_info: AnyObject,
};

export const RunWithStateListItemSchema = Type.Object({ ...RunListItemSchema.properties, ...runStateFields });

/** The runs list envelope of one agent's or one campaign's runs: items also carry `runStateFields`. */
export const RunWithStateListEnvelope = Type.Object({
  ...RunListEnvelope.properties,
  runs: Type.Array(RunWithStateListItemSchema),
});

export const RunDetailSchema = Type.Object({
  id: Type.Integer(),
  workflow_id: Type.Integer(),
  name: Type.String(),
  mode: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  is_completed: Type.Boolean(),
  ...urlFields,
  cost_info: AnyObject,
  usage_info: AnyObject,
  initial_context: AnyObject,
  gathered_context: AnyObject,
  logs: AnyObject,
  annotations: AnyObject,
  definition_id: Type.Union([Type.Integer(), Type.Null()]),
  call_type: Type.String(),
  pre_call_fetch: Type.Optional(
    Type.Union([
      Type.Object(
        {
          status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
          http_status: Type.Union([Type.Integer(), Type.Null()]),
          error: Type.Union([Type.String(), Type.Null()]),
          merged_keys: Type.Array(Type.String()),
          started_at: Type.String({ format: 'date-time' }),
          finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        },
        { description: "How the start node's pre-call fetch went (docs/agents.md, Pre-call fetch)." },
      ),
      Type.Null(),
    ]),
  ),
  campaign_id: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: "Ours: the run's campaign." }),
  ),
  contact: Type.Optional(
    Type.Union([
      Type.Object(
        { id: Type.Integer(), row_number: Type.Integer(), phone_number: Type.String() },
        { description: 'Ours: the campaign contact the run called (its row in the contact list).' },
      ),
      Type.Null(),
    ]),
  ),
  status: Type.Optional(
    Type.Unsafe<RunExplanation['status']>({
      type: 'string',
      enum: [...RUN_STATUSES],
      description:
        'Ours: the run as its call went, agreeing with the outcome: in_progress, answered, transferred, voicemail, ' +
        'not_answered (busy, no answer, canceled), failed (failed, error, invalid number, media lost), not_dialed ' +
        '(do-not-call, no callable window), ended (no call outcome: text chats, inbound calls).',
    }),
  ),
  no_conversation: Type.Optional(
    Type.Union([
      Type.Object(
        {
          reason: Type.Unsafe<string>({ type: 'string', enum: [...NO_CONVERSATION_REASONS] }),
          message: Type.String(),
        },
        {
          description: 'Ours: why a finished run has no transcript; null when it has one or is not finished.',
        },
      ),
      Type.Null(),
    ]),
  ),
});

/** What the run detail adds beside the stored run: its campaign contact and its explanation. */
export interface RunDetailExtras {
  contact: { id: number; row_number: number; phone_number: string } | null;
  explanation: RunExplanation;
}

/** The contact's number: who was called on an outbound run, who called on an inbound one. */
const contactNumber = (run: Pick<Run, 'call_type' | 'caller_number' | 'called_number'>) =>
  run.call_type === 'inbound' ? run.caller_number : run.called_number;

export function toRunListItem(run: RunListItem, links: ArtifactLinks): Static<typeof RunListItemSchema> {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    workflow_name: run.workflow_name,
    name: run.name,
    created_at: run.created_at.toISOString(),
    service_token_usage: run.service_token_usage,
    dograh_token_usage: run.service_token_usage,
    call_duration_seconds: run.call_duration_seconds,
    ...links,
    phone_number: contactNumber(run),
    caller_number: run.caller_number,
    called_number: run.called_number,
    call_type: run.call_type,
    mode: run.mode,
    disposition: run.disposition,
    initial_context: run.initial_context,
    gathered_context: run.gathered_context,
    charge_usd: run.charge_usd,
  };
}

/** The envelope's totals and paging around one page of items. */
function envelopeOf<Item>(items: Item[], page: RunListPage, paging: { page: number; limit: number }) {
  return {
    runs: items,
    total_service_tokens: page.totalServiceTokens,
    total_dograh_tokens: page.totalServiceTokens,
    total_duration_seconds: page.totalDurationSeconds,
    total_count: page.totalCount,
    page: paging.page,
    limit: paging.limit,
    total_pages: Math.ceil(page.totalCount / paging.limit),
  };
}

/** The organization's runs list page (the spec's fields). */
export function toRunListEnvelope(
  page: RunListPage,
  paging: { page: number; limit: number },
  links: ArtifactLinks[],
): Static<typeof RunListEnvelope> {
  return envelopeOf(
    page.runs.map((run, index) => toRunListItem(run, links[index]!)),
    page,
    paging,
  );
}

/** One agent's or one campaign's runs list page: each item also carries `is_completed`, `definition_id`, `cost_info`. */
export function toRunWithStateListEnvelope(
  page: RunListPage,
  paging: { page: number; limit: number },
  links: ArtifactLinks[],
): Static<typeof RunWithStateListEnvelope> {
  const items = page.runs.map((run, index) => ({
    ...toRunListItem(run, links[index]!),
    is_completed: run.is_completed,
    definition_id: run.definition_id,
    cost_info: run.cost_info,
  }));
  return envelopeOf(items, page, paging);
}

/** The run's detail; `preCallFetch` (the row of db/repositories/pre-call-fetches.ts) when the caller read it. */
export function toRunDetail(
  run: Run,
  links: ArtifactLinks,
  preCallFetch?: PreCallFetchOutcome | null,
  extras?: RunDetailExtras,
): Static<typeof RunDetailSchema> {
  return {
    id: run.id,
    workflow_id: run.workflow_id,
    name: run.name,
    mode: run.mode,
    created_at: run.created_at.toISOString(),
    is_completed: run.is_completed,
    ...links,
    cost_info: run.cost_info,
    usage_info: run.usage_info,
    initial_context: run.initial_context,
    gathered_context: run.gathered_context,
    logs: run.logs,
    annotations: run.annotations,
    definition_id: run.definition_id,
    call_type: run.call_type,
    ...(preCallFetch !== undefined && {
      pre_call_fetch: preCallFetch && {
        ...preCallFetch,
        merged_keys: preCallFetch.merged_keys as string[],
        started_at: preCallFetch.started_at.toISOString(),
        finished_at: preCallFetch.finished_at?.toISOString() ?? null,
      },
    }),
    ...(extras && {
      campaign_id: run.campaign_id,
      contact: extras.contact,
      status: extras.explanation.status,
      no_conversation: extras.explanation.no_conversation,
    }),
  };
}
