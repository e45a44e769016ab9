/**
 * A live call's run completes once both its outcome (status callback) and its conversation (media process) are
 * stored, in either order; the conversation is saved after every turn on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCallConversation } from '../../db/repositories/call-conversations';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import { createConversationStore } from '../../media/conversation-store';
import type { FinishedCall } from '../../voice/live-call';
import { capturedLogger } from '../helpers/captured-logs';
import {
  conversationAfterTwoTurns,
  inboundRun,
  openMediaWorld,
  placedCall,
  readText,
  streamOpened,
  type MediaWorld,
} from './fixtures';

// Round unit prices, so the expected charge below is worked out by hand.
const PRICES = {
  PRICE_LLM_PROMPT_PER_MILLION_TOKENS_USD: '1000',
  PRICE_LLM_COMPLETION_PER_MILLION_TOKENS_USD: '2000',
  PRICE_CALL_PER_MINUTE_USD: '0.06',
  PRICE_STT_PER_MINUTE_USD: '0.6',
  PRICE_TTS_PER_MILLION_CHARACTERS_USD: '1000',
};
// 120 prompt tokens × $0.001 + 14 completion tokens × $0.002 + 1 minute × $0.06 + 0.2 STT minutes × $0.6
// + 200 characters × $0.001 = 0.12 + 0.028 + 0.06 + 0.12 + 0.2
const EXPECTED_CHARGE_USD = 0.528;

let world: MediaWorld;
const { logger } = capturedLogger();

beforeAll(() => {
  world = openMediaWorld(PRICES);
});
afterAll(() => world.close());

function finishedCall(overrides: Partial<FinishedCall> = {}): FinishedCall {
  const state = conversationAfterTwoTurns();
  state.turns.push({
    role: 'agent',
    content: 'Great, goodbye.',
    node_id: 'end',
    at: '2026-11-24T09:00:06.000Z',
  });
  return {
    state: {
      ...state,
      ended_at: '2026-11-24T09:01:00.000Z',
      end_reason: 'completed',
      disposition: 'interested',
      gathered: { mapped_call_disposition: 'interested', wants_reschedule: true },
    },
    endReason: 'completed',
    mediaSeconds: 60,
    usage: { stt_seconds: 12, tts_characters: 200 },
    latencies: {
      0: { first_audio_ms: 210, stt_ms: null, llm_first_text_ms: null, tts_first_audio_ms: 90 },
      2: { first_audio_ms: 480, stt_ms: 120, llm_first_text_ms: 250, tts_first_audio_ms: 85 },
    },
    error: null,
    ...overrides,
  };
}

const runOf = (runId: number) =>
  world.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();

/** The campaign's processed contacts (deltas are folded into the row when the outcome's transaction commits). */
const processedRows = async (campaignId: number) =>
  (
    await world.db
      .selectFrom('campaigns')
      .select('processed_rows')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow()
  ).processed_rows;

describe('the conversation sink', () => {
  it('saves the conversation after every turn, and a stale stream of the same run cannot overwrite it', async () => {
    const call = await placedCall(world.db);
    const live = await streamOpened(world.db, call.runId);
    const sink = createConversationStore({ ...world, logger }, live);
    const stale = createConversationStore({ ...world, logger }, live);
    const twoTurns = conversationAfterTwoTurns();
    await sink.saveTurn({ ...twoTurns, turns: twoTurns.turns.slice(0, 1) });
    expect((await findCallConversation(world.db, call.runId))?.state).toMatchObject({ revision: 1 });
    await sink.saveTurn(twoTurns);
    const saved = await findCallConversation(world.db, call.runId);
    expect(saved?.status).toBe('live');
    expect(saved?.state).toMatchObject({ revision: 2, node_id: 'qualify' });
    expect((saved?.state as { turns: unknown[] }).turns).toHaveLength(2);

    await stale.saveTurn({ ...twoTurns, turns: [] });
    expect((await findCallConversation(world.db, call.runId))?.state).toMatchObject({ revision: 2 });
    expect((await runOf(call.runId)).is_completed).toBe(false);
  });

  it('outcome first: the run waits for the conversation, then completes with both', async () => {
    const call = await placedCall(world.db);
    const live = await streamOpened(world.db, call.runId);
    const report = { attemptId: call.attemptId, outcome: 'completed' as const, providerStatus: 'completed' };
    const recorded = await recordAttemptOutcome(world.db, { ...report, durationSeconds: 63 });
    expect(recorded.changed).toBe(true);
    expect((await runOf(call.runId)).is_completed).toBe(false);
    expect((await findCallConversation(world.db, call.runId))?.outcome_stored_at).toBeInstanceOf(Date);
    expect(await processedRows(call.campaignId)).toBe(1);
    // A resent report changes nothing, the run still waiting included.
    expect((await recordAttemptOutcome(world.db, report)).changed).toBe(false);
    expect(await processedRows(call.campaignId)).toBe(1);

    await createConversationStore({ ...world, logger }, live).finish(finishedCall());

    const run = await runOf(call.runId);
    expect(run.is_completed).toBe(true);
    expect(run.disposition).toBe('interested');
    expect(run.gathered_context).toMatchObject({
      outcome: 'completed',
      provider_status: 'completed',
      wants_reschedule: true,
      mapped_call_disposition: 'interested',
    });
    expect(run.call_duration_seconds).toBe(60);
    expect(run.usage_info).toEqual({
      llm: { prompt_tokens: 120, completion_tokens: 14 },
      stt_seconds: 12,
      tts_characters: 200,
      call_duration_seconds: 60,
    });
    expect(run.charge_usd).toBeCloseTo(EXPECTED_CHARGE_USD, 9);
    expect((await findCallConversation(world.db, call.runId))?.status).toBe('stored');

    const transcript = JSON.parse(await readText(world.storage, run.transcript_key!)) as {
      end_reason: string;
      turns: Array<{ role: string; content: string; latency?: { first_audio_ms: number } }>;
      stt_seconds: number;
      tts_characters: number;
    };
    expect(transcript.end_reason).toBe('completed');
    expect(transcript.turns.map((turn) => [turn.role, turn.latency?.first_audio_ms ?? null])).toEqual([
      ['agent', 210],
      ['user', null],
      ['agent', 480],
    ]);
    expect([transcript.stt_seconds, transcript.tts_characters]).toEqual([12, 200]);
  });

  it('conversation first: the run waits for its outcome, which completes it with both, once', async () => {
    const call = await placedCall(world.db);
    const live = await streamOpened(world.db, call.runId);
    await createConversationStore({ ...world, logger }, live).finish(finishedCall());
    const waiting = await runOf(call.runId);
    expect(waiting.is_completed).toBe(false);
    expect(waiting.transcript_key).toBeNull();
    expect((await findCallConversation(world.db, call.runId))?.status).toBe('stored');

    const report = { attemptId: call.attemptId, outcome: 'completed' as const, providerStatus: 'completed' };
    expect((await recordAttemptOutcome(world.db, { ...report, durationSeconds: 63 })).changed).toBe(true);
    const run = await runOf(call.runId);
    expect(run.is_completed).toBe(true);
    expect(run.disposition).toBe('interested');
    expect(run.gathered_context).toMatchObject({ outcome: 'completed', wants_reschedule: true });
    expect(run.transcript_key).toBe(`runs/${call.organizationId}/${call.runId}/transcript.json`);
    expect(run.charge_usd).toBeCloseTo(EXPECTED_CHARGE_USD, 9);

    expect((await recordAttemptOutcome(world.db, report)).changed).toBe(false);
    const after = await runOf(call.runId);
    expect(after.completed_at).toEqual(run.completed_at);
    expect(await processedRows(call.campaignId)).toBe(1);
  });

  it('a vendor failure sets the run disposition and keeps the call outcome', async () => {
    const call = await placedCall(world.db);
    const live = await streamOpened(world.db, call.runId);
    await recordAttemptOutcome(world.db, { attemptId: call.attemptId, outcome: 'completed' });
    await createConversationStore({ ...world, logger }, live).finish(
      finishedCall({ endReason: 'stt_error', error: 'deepgram closed the socket' }),
    );
    const run = await runOf(call.runId);
    expect(run.disposition).toBe('stt_error');
    expect(run.gathered_context).toMatchObject({
      outcome: 'completed',
      mapped_call_disposition: 'stt_error',
    });
    expect(run.logs).toMatchObject({ conversation: { end_reason: 'stt_error' } });
  });

  it('an inbound call, which gets no outcome report, completes with its conversation', async () => {
    const call = await placedCall(world.db);
    const runId = await inboundRun(world.db, call);
    const live = await streamOpened(world.db, runId);
    expect([live.callType, live.attemptId]).toEqual(['inbound', null]);
    await createConversationStore({ ...world, logger }, live).finish(finishedCall());
    const run = await runOf(runId);
    expect(run.is_completed).toBe(true);
    expect(run.disposition).toBe('interested');
    expect(run.transcript_key).toBe(`runs/${call.organizationId}/${runId}/transcript.json`);
  });

  it('a call with no stream (never answered) completes with its outcome alone, as before', async () => {
    const call = await placedCall(world.db);
    await recordAttemptOutcome(world.db, { attemptId: call.attemptId, outcome: 'no_answer' });
    const run = await runOf(call.runId);
    expect(run.is_completed).toBe(true);
    expect(run.disposition).toBe('no_answer');
  });
});
