/**
 * The catalogue of events sent to customers' webhook endpoints (docs/events.md): the types, the versioned body and
 * the data each type carries. Pure: the change points in db/ build data with these and record it through the
 * outbox (db/repositories/webhook-outbox.ts).
 *
 * Versioning: every body names `api_version`. Within one version, fields are only added (receivers must ignore
 * unknown fields); removing or renaming a field, or changing its type or meaning, makes a new version, and the
 * catalogue of the old one stays documented.
 */
export const WEBHOOK_API_VERSION = '2026-11-25';

export const WEBHOOK_EVENT_TYPES = [
  'run.completed',
  'run.updated',
  'call.failed',
  'call.answered',
  'call.received',
  'campaign.started',
  'campaign.paused',
  'campaign.resumed',
  'campaign.completed',
  'campaign.failed',
  'campaign.circuit_breaker_tripped',
  'do_not_call.added',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An endpoint subscribed to `*` receives every type, including types added later. */
export const ALL_EVENTS = '*';

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The outcomes `call.failed` is sent for (besides `run.completed`, which every finished run gets). */
export const CALL_FAILED_OUTCOMES: readonly string[] = ['failed', 'error', 'invalid_number'];

/** The body as stored and sent (the deliverer adds `sequence`). */
export interface WebhookEventBody<D = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  api_version: typeof WEBHOOK_API_VERSION;
  created_at: string;
  data: D;
}

/**
 * `evt_` + a UUIDv7 without dashes: 48 bits of milliseconds then 74 random bits, so ids sort by creation time
 * (receivers and the delivery log can order by them) and never collide across processes.
 */
export function newWebhookEventId(nowMs = Date.now()): string {
  // The Web Crypto global: domain/ imports no Node modules.
  const bytes = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return `evt_${bytes.toString('hex')}`;
}

export function webhookEventBody<D>(
  id: string,
  type: WebhookEventType,
  createdAt: Date,
  data: D,
): WebhookEventBody<D> {
  return { id, type, api_version: WEBHOOK_API_VERSION, created_at: createdAt.toISOString(), data };
}

/** The path of a run's detail: with the API's credentials it answers fresh transcript and recording links. */
export const runDetailPath = (agentId: number, runId: number) => `/api/v1/workflow/${agentId}/runs/${runId}`;

/** A finished run as `run.completed` and `call.failed` describe it. */
export interface RunEventSource {
  id: number;
  workflow_id: number;
  campaign_id: number | null;
  call_type: string;
  mode: string;
  caller_number: string | null;
  called_number: string | null;
  disposition: string | null;
  call_duration_seconds: number | null;
  charge_usd: number;
  cost_info: unknown;
  gathered_context: unknown;
  initial_context: unknown;
  transcript_key: string | null;
  recording_key: string | null;
  user_recording_key: string | null;
  bot_recording_key: string | null;
  completed_at: Date | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * `run.completed` data. `outcome` is the call's outcome (null for a text chat or an inbound call without one);
 * `links.run` needs the API's credentials and answers the transcript and recording links (public links expire
 * sooner than deliveries are retried). `artifacts` names the stored ones.
 */
export function runCompletedData(run: RunEventSource) {
  const gathered = record(run.gathered_context);
  const initial = record(run.initial_context);
  const artifacts = [
    run.transcript_key && 'transcript',
    run.recording_key && 'recording',
    run.user_recording_key && 'user_recording',
    run.bot_recording_key && 'bot_recording',
  ].filter((name): name is string => typeof name === 'string');
  return {
    run_id: run.id,
    workflow_id: run.workflow_id,
    campaign_id: run.campaign_id,
    call_type: run.call_type,
    mode: run.mode,
    caller_number: run.caller_number,
    called_number: run.called_number,
    disposition: run.disposition,
    outcome: stringOrNull(gathered.outcome),
    call_duration_seconds: run.call_duration_seconds,
    charge_usd: run.charge_usd,
    cost_info: record(run.cost_info),
    initial_context: initial,
    gathered_context: gathered,
    completed_at: run.completed_at ? new Date(run.completed_at).toISOString() : null,
    artifacts,
    links: { run: runDetailPath(run.workflow_id, run.id) },
  };
}

/**
 * `run.updated` data: a finished run whose outcome changed after its `run.completed` was sent, as `run.completed`
 * describes it now, plus the outcome it had and why it changed (`late_machine_verdict`: an answering-machine verdict
 * that came after the call's final status made a `completed` call `voicemail`).
 */
export function runUpdatedData(run: RunEventSource, change: { previousOutcome: string; reason: string }) {
  return { ...runCompletedData(run), previous_outcome: change.previousOutcome, reason: change.reason };
}

/** `call.failed` data: the run's identity and the failure's outcome and provider facts. */
export function callFailedData(run: RunEventSource) {
  const gathered = record(run.gathered_context);
  return {
    run_id: run.id,
    workflow_id: run.workflow_id,
    campaign_id: run.campaign_id,
    call_type: run.call_type,
    caller_number: run.caller_number,
    called_number: run.called_number,
    outcome: stringOrNull(gathered.outcome),
    provider_status: stringOrNull(gathered.provider_status),
    provider_cause: stringOrNull(gathered.provider_cause),
    error: stringOrNull(gathered.error),
    links: { run: runDetailPath(run.workflow_id, run.id) },
  };
}

/** A run's call as `call.answered` and `call.received` describe it. */
export interface CallEventSource {
  id: number;
  workflow_id: number;
  campaign_id: number | null;
  call_type: string;
  mode: string;
  caller_number: string | null;
  called_number: string | null;
}

export function callData(run: CallEventSource) {
  return {
    run_id: run.id,
    workflow_id: run.workflow_id,
    campaign_id: run.campaign_id,
    call_type: run.call_type,
    provider: run.mode,
    caller_number: run.caller_number,
    called_number: run.called_number,
    links: { run: runDetailPath(run.workflow_id, run.id) },
  };
}

/** A campaign move as `campaign.*` events describe it: the row after the move and the log entries it wrote. */
export interface CampaignMoveSource {
  id: number;
  name: string;
  workflow_id: number;
  state: string;
  /** The move's target as transitionCampaign was given it (`resume_state`: a resume). */
  to: string;
  /** True for a pause (the state left is remembered). */
  pause: boolean;
  logs: ReadonlyArray<{ event: string; details?: Record<string, unknown> }>;
}

/**
 * The events one campaign move sends, in order, keyed on the state it reached (not on who asked), so a move that
 * did not happen (its compare-and-set found the row elsewhere) sends nothing. The breaker's pause sends
 * `campaign.circuit_breaker_tripped` then `campaign.paused`; the end of an import (syncing → running, or a pause
 * that lasts) sends nothing: `campaign.started` was sent when it began.
 */
export function campaignMoveEvents(
  move: CampaignMoveSource,
): Array<{ type: WebhookEventType; data: object }> {
  const details = Object.assign({}, ...move.logs.map((entry) => entry.details ?? {})) as Record<
    string,
    unknown
  >;
  // The move's own entry (the last) names its reason; earlier ones may carry details of their own.
  const reason = move.logs.findLast((entry) => typeof entry.details?.reason === 'string')?.details?.reason;
  const base = {
    campaign_id: move.id,
    name: move.name,
    workflow_id: move.workflow_id,
    state: move.state,
    reason: typeof reason === 'string' ? reason : null,
  };
  if (move.to === 'resume_state') return [{ type: 'campaign.resumed', data: base }];
  if (move.to === 'syncing') return [{ type: 'campaign.started', data: base }];
  if (move.to === 'completed') return [{ type: 'campaign.completed', data: base }];
  if (move.to === 'failed') return [{ type: 'campaign.failed', data: base }];
  if (move.to !== 'paused' || !move.pause) return [];
  const tripped = move.logs.some((entry) => entry.event === 'circuit_breaker_tripped');
  if (!tripped) return [{ type: 'campaign.paused', data: { ...base, reason: base.reason ?? 'operator' } }];
  const breaker = {
    ...base,
    reason: 'circuit_breaker_tripped',
    recent_failures: details.recent_failures ?? null,
    recent_calls: details.recent_calls ?? null,
  };
  return [
    { type: 'campaign.circuit_breaker_tripped', data: breaker },
    { type: 'campaign.paused', data: breaker },
  ];
}

/** `do_not_call.added` data: the numbers one addition put on the list (not those already listed), and from where. */
export function doNotCallAddedData(input: {
  source: string;
  runId?: number | null;
  added: readonly string[];
  reasons: ReadonlyMap<string, string | null>;
}) {
  return {
    numbers: input.added.map((number) => ({ number, reason: input.reasons.get(number) ?? null })),
    source: input.source,
    run_id: input.runId ?? null,
  };
}
