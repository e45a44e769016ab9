/**
 * One accepted media stream, from the vendor's start message to the call's end: the conversation opened (or found,
 * for a reconnecting stream), the call loaded, its voices resolved, its recording started when the agent records,
 * and the voice pipeline run with the conversation store as its sink and the run's provider as its way to transfer
 * the call to a person (call-transfer-hook.ts).
 */
import { recordingKeys } from '../artifacts/artifact-keys';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { ConversationState } from '../conversation/conversation-state';
import type { Db } from '../db/client';
import { dropUnusedCallConversation, openCallConversation } from '../db/repositories/call-conversations';
import type { RunOfStream } from '../db/repositories/live-calls';
import type { ObjectStorage } from '../storage/object-storage';
import { startCallPipeline, type CallPipeline } from '../voice/call-pipeline';
import type { LiveCall } from '../voice/live-call';
import type { MediaAdapter, MediaSocket, MediaTransport } from '../voice/media-transport';
import { recordTransport, startCallRecording } from '../voice/recording';
import { resolveCallVoices } from '../voice/voice-setup';
import { transferHookOf } from './call-transfer-hook';
import { createConversationStore, type RecordingResult } from './conversation-store';
import { loadLiveCall } from './live-call-loader';
import { loadRecordedGreeting } from './recorded-greeting';
import { agentToolRunner } from '../tools/agent-toolbox';
import { preCallContext, preCallDataDeps } from '../conversation/pre-call-data';
import { createCredentialsCipher } from '../config/credentials-cipher';
import { destinationPolicy } from '../net/outbound-destinations';

export interface CallSessionDeps {
  config: Readonly<Config>;
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
}

/** A call under way: what the server needs to drain it and to tell it about the vendor's machine detection. */
export interface LiveSession {
  call: LiveCall;
  pipeline: CallPipeline;
}

/**
 * Accepts the stream and runs its call; `onLive` hears of the call once its pipeline runs. Resolves when the call
 * ended (or was never started: a bad start message, a conversation already stored, an agent with nothing to say).
 */
export async function runCallSession(
  deps: CallSessionDeps,
  input: { media: MediaAdapter; run: RunOfStream; socket: MediaSocket; log: Logger },
  onLive: (session: LiveSession) => void,
): Promise<void> {
  const { media, run, log } = input;
  let transport: MediaTransport;
  try {
    transport = await media.accept(input.socket, { startTimeoutMs: deps.config.media.startTimeoutMs, log });
  } catch (error) {
    log.warn({ err: error }, 'media stream closed before its start');
    return;
  }
  const ids = { call_sid: transport.start.providerCallId, stream_id: transport.start.streamId };
  const conversation = await openCallConversation(deps.db, {
    runId: run.id,
    organizationId: run.organization_id,
    provider: run.mode,
  });
  if (conversation.status !== 'live') {
    log.warn({ ...ids, status: conversation.status }, 'media stream for a conversation already ended');
    transport.close('conversation already ended');
    return;
  }
  const saved = conversation.state as ConversationState | null;
  // A reconnecting stream continues its conversation, variables and all; a new one waits for the pre-call fetch.
  const initialContext = saved
    ? run.initial_context
    : await preCallContext(preCallDataDeps(deps.config, deps.db, log), run);
  const call = await loadLiveCall(deps.db, { ...run, initial_context: initialContext }, saved);
  if (!call) {
    log.warn(ids, 'media stream for a run whose agent has nothing to say; closing');
    // No conversation will come: the run completes by its outcome alone, as a call without a stream does.
    await dropUnusedCallConversation(deps.db, run.id);
    transport.close('no agent');
    return;
  }
  const voices = await resolveCallVoices({ ...deps, logger: log }, call);
  call.recordedGreeting = await loadRecordedGreeting({ ...deps, logger: log }, call, transport.sampleRate);
  call.tools = await agentToolRunner(
    {
      db: deps.db,
      cipher: createCredentialsCipher(deps.config),
      destinations: destinationPolicy(deps.config.security.allowedPrivateDestinations),
      logger: log,
      queryEmbeddingTimeoutMs: deps.config.knowledgeBase?.queryEmbeddingTimeoutMs,
    },
    call.organizationId,
    call.definition,
    `run:${call.runId}`,
  );
  const recorded = call.settings.recordingEnabled ? recordingOf(deps, call, transport, log) : null;
  const sink = createConversationStore({ ...deps, logger: log }, call, {
    finishRecording: recorded?.finish,
  });
  log.info(
    { ...ids, transport: media.transport, resumed: call.saved !== null, recording: recorded !== null },
    'media stream started',
  );
  const pipeline = startCallPipeline({
    call,
    voices,
    transport: recorded?.transport ?? transport,
    sink,
    logger: log,
    maxTurns: deps.config.conversation.maxTurns,
    transfer: transferHookOf(deps, run, transport.start.providerCallId, log),
  });
  onLive({ call, pipeline });
  const finished = await pipeline.done;
  log.info(
    { ...ids, end_reason: finished.endReason, media_seconds: finished.mediaSeconds },
    'media stream ended',
  );
}

/** The recording of a call: the transport that records as it goes, and its finish (the run's artifact keys). */
function recordingOf(deps: CallSessionDeps, call: LiveCall, transport: MediaTransport, log: Logger) {
  const keys = recordingKeys(call.organizationId, call.runId);
  const recording = startCallRecording({
    storage: deps.storage,
    keys,
    sampleRate: transport.sampleRate,
    logger: log,
  });
  // Media time is the caller's frames counted (voice/media-transport.ts), the clock the pipeline keeps too.
  let callerMs = 0;
  transport.on('audio', (frame) => {
    callerMs += (frame.length * 1000) / transport.sampleRate;
  });
  return {
    transport: recordTransport(transport, recording, () => callerMs),
    async finish(): Promise<RecordingResult> {
      try {
        await recording.finish(callerMs);
        return {
          keys: { recording_key: keys.mixed, user_recording_key: keys.caller, bot_recording_key: keys.agent },
        };
      } catch (error) {
        log.error({ err: error }, 'recording could not be stored');
        await recording.abort().catch(() => {});
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
