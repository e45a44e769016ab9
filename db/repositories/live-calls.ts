import { sql } from 'kysely';
import type { Executor } from '../client';
import type { CallConversationStatus } from '../database';

/**
 * What the media process reads when a call's stream opens: the run the stream's token names, with the attempt that
 * placed it (outbound calls) and the telephony configuration the call came through (the attempt's, or for an
 * inbound call the one its initial_context records), whose key signs the vendor's handshake.
 */

export interface RunOfStream {
  id: number;
  organization_id: number;
  workflow_id: number;
  definition_id: number | null;
  mode: string;
  call_type: 'inbound' | 'outbound';
  initial_context: Record<string, unknown>;
  is_completed: boolean;
  /** Null for an inbound call. */
  attempt_id: number | null;
  /** Null when the call names none (or its configuration id is not a number). */
  telephony_configuration_id: number | null;
  /** The call's conversation: null before a stream first opened it, `live` while it goes on. */
  conversation_status: CallConversationStatus | null;
}

export async function findRunOfStream(db: Executor, runId: number): Promise<RunOfStream | undefined> {
  const row = await db
    .selectFrom('runs')
    .leftJoin('attempts', 'attempts.run_id', 'runs.id')
    .leftJoin('call_conversations', 'call_conversations.run_id', 'runs.id')
    .select([
      'runs.id',
      'runs.organization_id',
      'runs.workflow_id',
      'runs.definition_id',
      'runs.mode',
      'runs.call_type',
      'runs.initial_context',
      'runs.is_completed',
      'attempts.id as attempt_id',
      'call_conversations.status as conversation_status',
      sql<number | null>`coalesce(attempts.telephony_configuration_id,
        case when runs.initial_context->>'telephony_configuration_id' ~ '^[0-9]{1,15}$'
          then (runs.initial_context->>'telephony_configuration_id')::bigint end)`.as(
        'telephony_configuration_id',
      ),
    ])
    .where('runs.id', '=', runId)
    .executeTakeFirst();
  return row
    ? { ...row, attempt_id: row.attempt_id ?? null, conversation_status: row.conversation_status ?? null }
    : undefined;
}
