/**
 * A recorded greeting on a Twilio call (issue 37): the start node plays a recording named by its `recording_id`
 * after a `delayed_start` of 1 s. Twilio's μ-law leg carries exactly the 8 kHz μ-law conversion made when the
 * recording was created, none of it before the delay (the far end's media time); the LLM is not asked for a
 * greeting, and the transcript's first turn is the recording's transcript.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulawToPcm } from '../../voice/audio/mulaw';
import { startTwilioFake, type TwilioFake } from '../providers/fakes/twilio-fake';
import { openTwilioStream } from '../providers/fakes/twilio-media-fake';
import { readAll } from '../uploads/upload-helpers';
import { spokenLine, uploadRecording } from '../workflow-recordings/recording-audio';
import { definition } from './call-harness';
import { untilAgentSaid } from './live-call-scenarios';
import { startLiveCallWorld, type LiveCallWorld } from './live-call-world';
import { offsetOf } from './recorded-greeting-helpers';

const BOUND = '+15005554005';
const TRANSCRIPT = 'Thanks for calling Acme. This call may be recorded.';
const DELAY_MS = 1000;

describe('a recorded greeting on a Twilio call', () => {
  let live: LiveCallWorld;
  let twilio: TwilioFake;
  let converted: Int16Array;

  beforeAll(async () => {
    twilio = await startTwilioFake({ numbers: [BOUND] });
    live = await startLiveCallWorld({
      provider: 'twilio',
      clear: { account_sid: twilio.accountSid, api_base_url: twilio.url },
      secrets: { auth_token: twilio.authToken },
      bound: BOUND,
    });
    const { t, organization, agentId } = live.world;
    const { item, created } = await uploadRecording(t, organization, spokenLine(TRANSCRIPT, 'wav'), {
      format: 'wav',
      transcript: TRANSCRIPT,
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await t.ctx.db
      .selectFrom('workflow_recordings')
      .select('mulaw_8000_key')
      .where('recording_id', '=', item.recording_id)
      .executeTakeFirstOrThrow();
    converted = mulawToPcm(await readAll(await t.ctx.storage.getObjectStream(row.mulaw_8000_key)));
    const graph = structuredClone(definition);
    graph.nodes[0]!.data = {
      ...graph.nodes[0]!.data,
      greeting_type: 'audio',
      greeting_recording_id: item.recording_id,
      delayed_start: true,
      delayed_start_duration: DELAY_MS / 1000,
    } as never;
    await t.ctx.db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(graph) })
      .where('agent_id', '=', agentId)
      .execute();
  });
  afterAll(async () => {
    await live?.close();
    await twilio?.close();
  });

  it('plays the μ-law conversion after the delay, and records its transcript as the first turn', async () => {
    const answer = await twilio.callInbound(BOUND, '+14155550140');
    expect(answer.status).toBe(200);
    const opening = await openTwilioStream({
      twiml: answer.text,
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      callSid: answer.callSid,
      speed: 4,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const line = opening.fake;
    await untilAgentSaid(line, 1);
    line.hangUp();
    await line.closed;

    // The bytes on the wire, decoded, are the stored conversion's, whole and in order.
    const heard = line.agentAudio();
    expect(offsetOf(heard, converted)).toBe(0);
    expect(heard.length).toBeGreaterThanOrEqual(converted.length);
    const firstMedia = line.sent.find((sent) => sent.message.event === 'media')!;
    expect(firstMedia.atMs).toBeGreaterThanOrEqual(DELAY_MS);
    expect(line.violations).toEqual([]);

    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    const { transcript } = await live.transcriptOf(runId);
    expect(transcript.turns[0]).toEqual(expect.objectContaining({ role: 'agent', content: TRANSCRIPT }));
    expect(transcript.turns.filter((turn) => turn.role === 'agent')).toHaveLength(1);
    expect(live.llm.requests.filter((request) => request.response_format === undefined)).toEqual([]);
  });
});
