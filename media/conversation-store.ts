/**
 * The media process's ConversationSink (voice/live-call.ts): the conversation saved after every turn, and at the end
 * the transcript (with each agent turn's latency and the end reason), recordings, usage and cost stored and the run
 * completed once its outcome is in too (db/repositories/call-conversations.ts).
 */
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { ConversationState } from '../conversation/conversation-state';
import { conversationCompletion } from '../conversation/run-finalisation';
import type { Db } from '../db/client';
import { saveConversationState, storeConversation } from '../db/repositories/call-conversations';
import type { RunCompletion } from '../db/repositories/runs';
import { listOptedOutRun } from '../db/repositories/run-opt-outs';
import { maskNumber, optOutOfGathered } from '../domain/opt-out';
import type { ObjectStorage } from '../storage/object-storage';
import type { CallEndReason, ConversationSink, FinishedCall, LiveCall } from '../voice/live-call';

export interface ConversationStoreDeps {
  db: Db;
  storage: ObjectStorage;
  config: Readonly<Config>;
  logger: Logger;
}

export type RecordingKeys = Pick<RunCompletion, 'recording_key' | 'user_recording_key' | 'bot_recording_key'>;

/** How a call's recording ended: stored under these keys, or failed (object storage refused it) with this error. */
export type RecordingResult = { keys: RecordingKeys } | { error: string };

/** The dispositions an ending sets whatever the conversation chose: the caller's machine, or a vendor that failed. */
const DISPOSITION_OF_ENDING: Partial<Record<CallEndReason, string>> = {
  voicemail: 'voicemail',
  llm_error: 'llm_error',
  stt_error: 'stt_error',
  tts_error: 'tts_error',
  transfer_failed: 'transfer_failed',
};

/**
 * The sink of one live call. `finishRecording` (absent: recording off) ends the call's recording and says where it
 * is stored. Saves are guarded by revision: once another stream of the same run has saved over this one, this sink
 * saves nothing more and its finish stores nothing (the newer stream's does).
 */
export function createConversationStore(
  deps: ConversationStoreDeps,
  call: LiveCall,
  options: { finishRecording?: () => Promise<RecordingResult> } = {},
): ConversationSink {
  const log = deps.logger.child({ run_id: call.runId, attempt_id: call.attemptId, provider: call.mode });
  const masked = call.personNumber ? maskNumber(call.personNumber) : null;
  let revision = call.saved?.revision ?? 0;
  let superseded = false;

  return {
    async saveTurn(state) {
      if (superseded) return;
      const next = { ...state, revision: revision + 1 };
      if (await saveConversationState(deps.db, call.runId, revision, next)) {
        revision = next.revision;
        return;
      }
      superseded = true;
      log.warn(
        { revision },
        'conversation saved by another stream or no longer live; this stream stops saving',
      );
    },

    async finish(finished) {
      const recording = await options.finishRecording?.();
      if (superseded) {
        log.warn(
          { end_reason: finished.endReason },
          'conversation finished on a superseded stream; not stored',
        );
        return;
      }
      const state = withEndingDisposition(finished);
      const completion = await conversationCompletion(deps, {
        organizationId: call.organizationId,
        agentId: call.agentId,
        runId: call.runId,
        mode: call.mode,
        state: { ...state, revision: revision + 1 },
        definition: call.definition,
        callDurationSeconds: finished.mediaSeconds,
        endReason: finished.endReason,
        latencies: finished.latencies,
        speech: { sttSeconds: finished.usage.stt_seconds, ttsCharacters: finished.usage.tts_characters },
        ...(recording && 'keys' in recording ? { recordingKeys: recording.keys } : {}),
        ...(recording && 'error' in recording ? { recordingError: recording.error } : {}),
      });
      const stored = await storeConversation(deps.db, call.runId, completion, {
        outcomeExpected: call.attemptId !== null,
      });
      log.info(
        {
          end_reason: finished.endReason,
          disposition: completion.gathered_context.mapped_call_disposition ?? null,
          media_seconds: finished.mediaSeconds,
          turn_count: state.turns.length,
          stored,
          ...(finished.error ? { error: finished.error } : {}),
        },
        'conversation stored',
      );
      const optOut = optOutOfGathered(completion.gathered_context);
      // Listed with the run's final write (completeRun); a key press was listed when pressed (optedOut below).
      if (optOut?.via === 'disposition' && stored !== 'not_live')
        log.info(
          { organization_id: call.organizationId, via: optOut.via, number: masked },
          'the caller opted out: their number joins the do-not-call list as the run completes',
        );
    },

    async optedOut() {
      const listing = await listOptedOutRun(deps.db, call.runId, 'keypad');
      log.info(
        {
          organization_id: call.organizationId,
          via: 'keypad',
          number: listing?.number ? maskNumber(listing.number) : masked,
          added: listing?.added ?? false,
        },
        listing?.number
          ? 'the caller pressed the opt-out key: their number is on the do-not-call list'
          : 'the caller pressed the opt-out key, but the call has no number to list',
      );
    },
  };
}

/**
 * The state as the run keeps it: a call handed to a person records `outcome: 'transferred'` and `transferred_to` in
 * gathered_context (the merged run shows them: the conversation's values win); an ending's own disposition wins.
 */
function withEndingDisposition(finished: FinishedCall): ConversationState {
  const disposition = DISPOSITION_OF_ENDING[finished.endReason];
  const { state } = finished;
  if (finished.endReason === 'transferred' && state.transfer_to)
    return {
      ...state,
      gathered: { ...state.gathered, outcome: 'transferred', transferred_to: state.transfer_to },
    };
  if (!disposition) return state;
  return {
    ...state,
    disposition,
    error: state.error ?? finished.error,
    gathered: { ...state.gathered, mapped_call_disposition: disposition },
  };
}
