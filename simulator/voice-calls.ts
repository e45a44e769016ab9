/**
 * What the simulator does when a person answers a conversing call, as a vendor's phone network would: it fetches the
 * call's answer URL (`answerUrlOf` of its status callback URL), and when the answer names a media stream, the callee
 * (voice-callee.ts) connects to it and talks until one side hangs up. The agent's side, and storing the
 * conversation, belong to the media process; the simulator only plays the callee and reports the call's status as
 * before. A call whose attempt has no run, whose answer has no stream, whose stream is refused, or whose stream the
 * agent's side ends without a word keeps its planned end (`talk_seconds`). A call transferred while it talks
 * (transfers.ts) stops its stream and ends: the simulator plays no person at the destination.
 */
import type { Logger } from '../config/logger';
import { personaFrom } from '../conversation/scripted-callee';
import type { Db } from '../db/client';
import { findAttemptRunContext } from '../db/repositories/simulated-call-runs';
import type { LanguageModel } from '../llm';
import { answerUrlOf } from '../providers/webhook-urls';
import type { SpeechSynthesizer } from '../voice/speech';
import type { AnsweredCall, AnsweredCallHandler } from './answered-calls';
import { calleeScriptOf } from './callee-script';
import { StreamRefusedError } from './far-end';
import type { SimulatorAnswer } from './media-protocol';
import { listenForTransfer } from './transfers';
import { talkAsCallee, type CalleeRole } from './voice-callee';

export interface VoiceCallDeps {
  db: Db;
  logger: Logger;
  /** The LLM that plays personas; without it callees follow their script or cooperate. */
  llm: LanguageModel | null;
  /** The callees' voice (the local synthesiser, flite `slt`). */
  synthesizer: SpeechSynthesizer;
  /** SIMULATOR_MEDIA_SPEED. */
  mediaSpeed: number;
  requestTimeoutMs?: number;
}

export function createVoiceCallHandler(deps: VoiceCallDeps): AnsweredCallHandler {
  const log = deps.logger.child({ component: 'simulator-callee' });
  return async (call, signal) => {
    const ids = { call_sid: call.callSid, attempt_id: call.attemptRef };
    const role = await calleeRoleOf(deps, call.attemptRef);
    if (!role || !call.statusCallbackUrl) return null;
    const answer = await fetchAnswer(call, deps.requestTimeoutMs ?? 5000);
    if (!answer?.stream_url) {
      log.info(ids, 'the answer names no media stream; the call lasts as planned');
      return null;
    }
    // A transfer (the calls API) takes the call off its stream: the callee stops it, and the call ends there.
    const transferred = new AbortController();
    const stopListening = listenForTransfer(call.callSid, (destination) => {
      log.info({ ...ids, destination }, 'call transferred: its media stream stops');
      transferred.abort('transferred');
    });
    try {
      const result = await talkAsCallee({
        stream: { url: answer.stream_url, parameters: answer.parameters },
        callSid: call.callSid,
        role,
        synthesizer: deps.synthesizer,
        speed: deps.mediaSpeed,
        limitSeconds: (call.hangUpBy.getTime() - call.answeredAt.getTime()) / 1000,
        signal: AbortSignal.any([signal, transferred.signal]),
        logger: log,
      });
      if (!result.agentSpoke && result.by !== 'callee') {
        // The media process took the stream and let it go without a word (an agent with nothing to say).
        log.info({ ...ids, reason: result.reason }, 'the agent never spoke; the call lasts as planned');
        return null;
      }
      log.info(
        {
          ...ids,
          ended_by: result.by,
          reason: result.reason,
          talk_seconds: result.mediaSeconds,
          callee_usage: result.calleeUsage,
        },
        'simulated call talked',
      );
      return { talkSeconds: result.mediaSeconds };
    } catch (error) {
      if (!(error instanceof StreamRefusedError)) throw error;
      log.info({ ...ids, err: error }, 'media stream refused; the call lasts as planned');
      return null;
    } finally {
      stopListening();
    }
  };
}

/**
 * The callee of the attempt's run: its contact's script, else its persona (with an LLM), else a cooperative person;
 * null without a run.
 */
async function calleeRoleOf(deps: VoiceCallDeps, attemptRef: string): Promise<CalleeRole | null> {
  const attemptId = Number(attemptRef);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) return null;
  const run = await findAttemptRunContext(deps.db, attemptId);
  if (!run || run.is_completed) return null;
  const initialContext = (run.initial_context ?? {}) as Record<string, unknown>;
  const lines = calleeScriptOf(initialContext);
  if (lines) return { kind: 'script', lines };
  // Without an LLM the call talks only when its agent is scripted-only (scripted-calls.ts, at placement).
  return deps.llm
    ? { kind: 'persona', persona: personaFrom(initialContext), llm: deps.llm }
    : { kind: 'cooperative' };
}

/** The call's answer, fetched as a vendor fetches the placing app's answer URL; null when it gives none. */
async function fetchAnswer(call: AnsweredCall, timeoutMs: number): Promise<SimulatorAnswer | null> {
  const response = await fetch(answerUrlOf(call.statusCallbackUrl!), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ CallSid: call.callSid, AttemptRef: call.attemptRef, CallStatus: 'in-progress' }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) return null;
  const answer = (await response.json().catch(() => null)) as Partial<SimulatorAnswer> | null;
  if (typeof answer?.stream_url !== 'string') return null;
  const parameters = answer.parameters && typeof answer.parameters === 'object' ? answer.parameters : {};
  return { stream_url: answer.stream_url, parameters };
}
