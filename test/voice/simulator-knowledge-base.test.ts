/**
 * The knowledge base on a simulator call end to end: a document uploaded and indexed through the API, the campaign's
 * agent naming it in its first node's `document_uuids`, the OpenAI fake as the LLM. When the callee asks, the LLM
 * calls `search_knowledge_base` from the media process; the passage found is the tool's result, and the agent's
 * answer built on it is spoken; an end_call tool then ends the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { settled, uploadDocument } from '../knowledge-base/kb-helpers';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

const GREETING = 'Hello, this is Acme.';
const ANSWER = 'We open at nine on Sundays.';
const UNKNOWN = 'I am not sure, sorry.';
const BYE = 'Goodbye.';
const CALLEE = phoneFor(330, 1);

/** The agent searches when asked about Sunday and answers only from what the search handed back. */
function play(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'other' }) };
  const last = request.messages.at(-1)!;
  if (last.role === 'tool')
    return { content: /opens at nine on Sundays/.test(last.content ?? '') ? ANSWER : UNKNOWN };
  const said = lastUserMessage(request);
  if (/sunday/i.test(said))
    return { toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'store opening Sunday' } }] };
  if (/that is all/i.test(said)) return { toolCalls: [{ name: 'end_the_call', arguments: {} }] };
  return { content: GREETING };
}

interface RunDetail {
  id: number;
  gathered_context: Record<string, unknown>;
  transcript_public_url: string | null;
}

describe('the knowledge base on a simulator call', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  let run: RunDetail;

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(play);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      SIMULATOR_MEDIA_SPEED: '0',
    });
    await h.startWorker();
    const document = await uploadDocument(h, h.org, {
      filename: 'hours.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('Opening hours. The Acme store opens at nine on Sundays and at eight on weekdays.'),
    });
    expect((await settled(h, h.org, document.document_uuid)).processing_status).toBe('completed');
    const post = async (url: string, payload: object) => {
      const response = await h.app.inject({ method: 'POST', url, headers: h.org.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const end = await post('/api/v1/tools/', {
      name: 'End the call',
      description: 'Ends the call.',
      definition: { type: 'end_call', config: { messageType: 'custom', customMessage: BYE } },
    });
    const agent = await post('/api/v1/workflow/create/definition', {
      name: 'Acme hours',
      call_type: 'outbound',
      workflow_definition: {
        nodes: [
          {
            id: 'greet',
            type: 'startCall',
            data: {
              name: 'Greeting',
              prompt: 'Answer questions about the store.',
              tool_uuids: [end.tool_uuid],
              document_uuids: [document.document_uuid],
            },
          },
        ],
        edges: [],
      },
      call_disposition_codes: { disposition_codes: ['other'] },
    });
    const csv = [
      'phone_number,callee_script',
      `${CALLEE},"When do you open on Sunday?|That is all, thank you.|"`,
    ];
    const runs = await runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.id,
      csv: csv.join('\n'),
      timeoutMs: 120_000,
    });
    expect(runs).toHaveLength(1);
    run = runs[0]!;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('searches the document from the call and speaks the answer found in it', async () => {
    expect(run.gathered_context.tool_calls).toEqual([
      expect.objectContaining({
        name: 'search_knowledge_base',
        arguments: { query: 'store opening Sunday' },
        ok: true,
        result: expect.stringContaining('The Acme store opens at nine on Sundays'),
      }),
      expect.objectContaining({ name: 'end_the_call', ok: true }),
    ]);
    const response = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    const transcript = JSON.parse(response.body) as { turns: Array<{ role: string; content: string }> };
    expect(transcript.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', GREETING],
      ['user', 'When do you open on Sunday?'],
      ['agent', ANSWER],
      ['user', 'That is all, thank you.'],
      ['agent', BYE],
    ]);
  });
});
