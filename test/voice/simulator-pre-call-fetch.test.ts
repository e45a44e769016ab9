/**
 * The start node's pre-call fetch on outbound calls, end to end on the simulator: a campaign whose agent asks the
 * customer's URL (a receiver on loopback, with a bearer credential) about each callee. The request carries Dograh's
 * payload and the credential; the answer's `initial_context` reaches the greeting's prompt and the run's
 * initial_context, its run-owned keys dropped. The fetch starts when the call is dialled: a callee who never answers
 * was asked about too, though no media stream ever opened. A URL that fails leaves the call going on without it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import {
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

const TOKEN = 'pre-call-secret-5d1f08c2';
const KNOWN = 'Hello Ada, your gold plan is ready.';
const UNKNOWN = 'Hello there.';
const ANSWERED = phoneFor(410, 1);
const NEVER_ANSWERS = phoneFor(411, 7);

interface Asked {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** The customer's API: `/context` answers Dograh's shape (after `delayMs`), `/fail` a 500. */
async function startCustomerApi(delayMs: number) {
  const asked: Asked[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      asked.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
      if (request.url === '/fail') return void response.writeHead(500).end('down');
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            call_inbound: {
              initial_context: { customer_name: 'Ada', plan: 'gold', called_number: '+19999999999' },
            },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The greeting says what the system prompt knows: the customer's name and plan when the fetch brought them. */
function play(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request)) return { content: JSON.stringify({ disposition: 'other' }) };
  const system = String(request.messages[0]?.content ?? '');
  return { content: /Customer: Ada \(gold\)/.test(system) ? KNOWN : UNKNOWN };
}

const agentAsking = (url: string, credentialUuid: string) => ({
  name: 'Plan desk',
  call_type: 'outbound',
  workflow_definition: {
    nodes: [
      {
        id: 'greet',
        type: 'startCall',
        data: {
          name: 'Greeting',
          prompt: 'Greet the callee. Customer: {{customer_name}} ({{plan}}), number {{called_number}}.',
          pre_call_fetch_mode: 'outbound',
          pre_call_fetch_url: url,
          pre_call_fetch_credential_uuid: credentialUuid,
        },
      },
    ],
    edges: [],
  },
  call_disposition_codes: { disposition_codes: ['other'] },
});

interface RunDetail {
  id: number;
  initial_context: Record<string, unknown>;
  transcript_public_url: string | null;
  pre_call_fetch: Record<string, unknown> | null;
}

describe('the pre-call fetch of an outbound call', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  let customer: Awaited<ReturnType<typeof startCustomerApi>>;
  let credentialUuid: string;

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(play);
    // The answer takes a while, as a CRM's does: the call is answered before it, and waits for it.
    customer = await startCustomerApi(300);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      SIMULATOR_MEDIA_SPEED: '0',
    });
    await h.startWorker();
    const credential = await h.app.inject({
      method: 'POST',
      url: '/api/v1/credentials/',
      headers: h.org.headers,
      payload: { name: 'CRM', credential_type: 'bearer_token', credential_data: { token: TOKEN } },
    });
    expect(credential.statusCode, credential.body).toBe(201);
    credentialUuid = credential.json().uuid;
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
    await customer?.close();
  });

  async function campaignOf(path: string, phones: string[]): Promise<RunDetail[]> {
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: agentAsking(`${customer.base}${path}`, credentialUuid),
    });
    expect(agent.statusCode, agent.body).toBe(201);
    return runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.json().id,
      // Each callee that answers thanks the agent and hangs up.
      csv: ['phone_number,callee_script', ...phones.map((phone) => `${phone},Thank you. [hang up]`)].join(
        '\n',
      ),
      settings: { retry_config: { enabled: false, max_retries: 0 } },
      timeoutMs: 120_000,
    });
  }

  async function transcriptOf(run: RunDetail) {
    const response = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    return JSON.parse(response.body) as { turns: Array<{ role: string; content: string }> };
  }

  it('asks once per dialled call with the credential, and greets with what the answer brought', async () => {
    const runs = await campaignOf('/context', [ANSWERED, NEVER_ANSWERS]);
    expect(runs).toHaveLength(2);
    const agentId = (
      await h.ctx.db
        .selectFrom('runs')
        .select('workflow_id')
        .where('id', '=', runs[0]!.id)
        .executeTakeFirstOrThrow()
    ).workflow_id;
    expect(
      customer.asked
        .map((asked) => asked.body)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual(
      [ANSWERED, NEVER_ANSWERS].sort().map((to) => ({
        event: 'call_inbound',
        call_inbound: { agent_id: agentId, from_number: expect.any(String), to_number: to },
      })),
    );
    for (const asked of customer.asked) expect(asked.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const answered = runs.find((run) => run.initial_context.called_number === ANSWERED)!;
    expect(answered.initial_context).toMatchObject({
      customer_name: 'Ada',
      plan: 'gold',
      called_number: ANSWERED,
    });
    const transcript = await transcriptOf(answered);
    expect(transcript.turns[0]).toMatchObject({ role: 'agent', content: KNOWN });

    // Asked at dial time: the call nobody answered opened no stream, yet its fetch ran and succeeded.
    const unanswered = runs.find((run) => run.initial_context.called_number === NEVER_ANSWERS)!;
    const streams = await h.ctx.db
      .selectFrom('call_conversations')
      .select('run_id')
      .where('run_id', '=', unanswered.id)
      .execute();
    expect(streams).toEqual([]);
    const fetches = await h.ctx.db
      .selectFrom('pre_call_fetches')
      .select(['run_id', 'status', 'http_status', 'merged_keys'])
      .where(
        'run_id',
        'in',
        runs.map((run) => run.id),
      )
      .execute();
    expect(fetches).toHaveLength(2);
    for (const fetch of fetches)
      expect(fetch).toMatchObject({
        status: 'succeeded',
        http_status: 200,
        merged_keys: ['customer_name', 'plan'],
      });
  }, 180_000);

  it('goes on without the context when the URL fails', async () => {
    const before = customer.asked.length;
    const [run] = await campaignOf('/fail', [phoneFor(412, 2)]);
    expect(customer.asked.length).toBe(before + 1);
    expect((await transcriptOf(run!)).turns[0]).toMatchObject({ role: 'agent', content: UNKNOWN });
    const fetch = await h.ctx.db
      .selectFrom('pre_call_fetches')
      .select(['status', 'http_status', 'error'])
      .where('run_id', '=', run!.id)
      .executeTakeFirstOrThrow();
    expect(fetch).toEqual({ status: 'failed', http_status: 500, error: 'HTTP 500' });
    // The run's detail says why its context is what it is.
    expect(run!.pre_call_fetch).toMatchObject({
      status: 'failed',
      http_status: 500,
      error: 'HTTP 500',
      merged_keys: [],
      finished_at: expect.any(String),
    });
  }, 180_000);
});
