import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { startMediaServer } from '../../media/server';
import { statusCallbackUrl } from '../../providers/webhook-urls';
import { createSimulatorProvider } from '../../providers/simulator/simulator-provider';
import { simulatorApiToken } from '../../simulator/auth';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertPlacingAttempt,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { threeNodeAgent } from '../runtime/textchat-fixtures';
import { simulatedCallScript } from './simulated-call-script';

/**
 * Answered simulated calls that do not talk: no LLM configured, or an agent without a graph to walk (the media
 * process takes the stream and lets it go without a word).
 */

async function listeningApp(env: Record<string, string> = {}, options: { media?: boolean } = {}) {
  const port = await freePort();
  const mediaPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    PUBLIC_BASE_URL: baseUrl,
    MEDIA_HOST: '127.0.0.1',
    MEDIA_PORT: String(mediaPort),
    MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const media = options.media ? await startMediaServer({ ...t.ctx }) : null;
  return { t, baseUrl, org: await createTestOrganization(t.ctx.db), media };
}

/** Places one simulated call for a run of the agent, as the engine would, and waits for the attempt to finish. */
async function callThrough(
  world: { t: TestApp; baseUrl: string; org: TestOrganization },
  agentId: number,
  phoneNumber: string,
) {
  const { t, baseUrl, org } = world;
  const db = t.ctx.db;
  const organizationId = org.organizationId;
  const configurationId = await insertSimulatorConfiguration(db, organizationId);
  const campaignId = await insertCampaign(db, { organizationId, agentId, configurationId });
  const contactId = await insertContact(db, { campaignId, organizationId, phoneNumber, rowNumber: 1 });
  const agent = await db
    .selectFrom('agents')
    .select('current_definition_id')
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const { runId, attemptId } = await insertPlacingAttempt(db, {
    organizationId,
    agentId,
    campaignId,
    contactId,
    configurationId,
    phoneNumber,
    run: {
      name: 'persona call',
      definitionId: agent.current_definition_id,
      initialContext: { name: 'Ada Lovelace', email: 'ada@example.com', notes: 'Curious.' },
    },
  });
  const provider = createSimulatorProvider({
    configurationId,
    baseUrl,
    token: simulatorApiToken(t.ctx.config),
    config: { ring_seconds: 0.1, talk_seconds: 0.3 },
  });
  const placed = await provider.placeCall({
    attemptId: String(attemptId),
    from: '+15550000000',
    to: phoneNumber,
    statusCallbackUrl: statusCallbackUrl(t.ctx.config, 'simulator', attemptId),
    ringTimeoutSeconds: 45,
    maxCallDurationSeconds: 1800,
    amdEnabled: false,
  });
  await db
    .updateTable('attempts')
    .set({ state: 'placed', provider_call_id: placed.providerCallId })
    .where('id', '=', attemptId)
    .execute();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await db
      .selectFrom('attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    if (row.state === 'finished') break;
    if (Date.now() > deadline) throw new Error('the attempt did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    run: await db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow(),
    call: await db
      .selectFrom('simulator_calls')
      .selectAll()
      .where('call_sid', '=', placed.providerCallId)
      .executeTakeFirstOrThrow(),
  };
}

/** The conversation rows of a run (a stream the media process took opens one). */
const conversationsOf = async (t: TestApp, runId: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('call_conversations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('run_id', '=', runId)
        .executeTakeFirstOrThrow()
    ).count,
  );

const expectCallAsToday = ({ run, call }: Awaited<ReturnType<typeof callThrough>>) => {
  expect(run).toMatchObject({ is_completed: true, disposition: 'completed', transcript_key: null });
  expect(run.gathered_context).toEqual(
    expect.objectContaining({ mapped_call_disposition: 'completed', outcome: 'completed' }),
  );
  expect(run.usage_info).toEqual({});
  // The planned talk time: ring_seconds, then talk_seconds.
  expect(call).toMatchObject({ status: 'ended', outcome: 'completed', talk_seconds: 0.3 });
};

describe('answered simulated calls without a conversation', () => {
  let fake: OpenAiFake;
  let withoutLlm: Awaited<ReturnType<typeof listeningApp>>;
  let withLlm: Awaited<ReturnType<typeof listeningApp>>;

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(simulatedCallScript);
    withoutLlm = await listeningApp();
    withLlm = await listeningApp({ LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' }, { media: true });
  });
  afterAll(async () => {
    await withoutLlm?.t.close();
    await withLlm?.t.close();
    await withLlm?.media?.close({ graceMs: 1000 });
    await fake?.close();
  });

  it('with no LLM configured, ends after talk_seconds with the outcome as disposition, as before', async () => {
    const created = await withoutLlm.t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: withoutLlm.org.headers,
      payload: threeNodeAgent(),
    });
    expect(created.statusCode).toBe(201);
    expectCallAsToday(await callThrough(withoutLlm, created.json().id, '+15550200001'));
  });

  it('with an LLM, an agent without a graph to walk leaves the call as planned and asks the LLM nothing', async () => {
    const { agentId } = await insertAgent(withLlm.t.ctx.db, withLlm.org.organizationId);
    fake.requests.length = 0;
    const call = await callThrough(withLlm, agentId, '+15550200002');
    // The answer named a stream and the callee opened it; the media process let it go without a word and dropped
    // its conversation, so the outcome completed the run at once (not 60 s later as media_lost).
    expectCallAsToday(call);
    expect(fake.requests).toHaveLength(0);
    expect(await conversationsOf(withLlm.t, call.run.id)).toBe(0);
  });
});
