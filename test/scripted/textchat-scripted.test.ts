/**
 * Scripted agents in text chats with no LLM configured anywhere (issue 37): the reminder says its fixed line, a
 * spoken yes ("yeah sure"), a keyed 2 and gibberish each take their branch (or the re-prompt), values are captured by
 * pattern, and the disposition comes from the branch or the endCall, never from a classifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { threeNodeAgent } from '../runtime/textchat-fixtures';
import { REMINDER_LINE, intakeAgent, reminderAgent } from './scripted-fixtures';

describe('scripted agents in text chats without an LLM', () => {
  let t: TestApp;
  let org: TestOrganization;
  let reminderId: number;
  const post = (url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/workflow${url}`,
      headers: org.headers,
      payload: payload as object,
    });
  const chat = async (agentId: number, initialContext: Record<string, unknown> = {}) => {
    const started = await post(`/${agentId}/runs`, { mode: 'textchat', initial_context: initialContext });
    expect(started.statusCode).toBe(201);
    return started.json();
  };
  const say = async (agentId: number, runId: number, content: string) => {
    const answered = await post(`/${agentId}/runs/${runId}/messages`, { content });
    expect(answered.statusCode).toBe(200);
    return answered.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ LLM_BASE_URL: undefined, LLM_API_KEY: undefined });
    org = await createTestOrganization(t.ctx.db);
    const created = await post('/create/definition', reminderAgent());
    expect(created.statusCode).toBe(201);
    reminderId = created.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('greets with the fixed line, its variables filled, and takes the confirm branch on "yeah sure"', async () => {
    const run = await chat(reminderId, { name: 'Ada' });
    expect(run.conversation.messages).toEqual([
      expect.objectContaining({ role: 'agent', content: REMINDER_LINE, node_id: 'remind' }),
    ]);

    const answered = await say(reminderId, run.id, 'Yeah, sure!');
    expect(answered).toMatchObject({
      reply: 'Thank you, Ada. See you tomorrow at 10.',
      conversation: {
        status: 'ended',
        end_reason: 'completed',
        disposition: 'confirmed',
        node: { id: 'kept' },
        gathered_context: { confirmed: true, mapped_call_disposition: 'confirmed' },
      },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${reminderId}/runs/${run.id}`,
      headers: org.headers,
    });
    expect(detail.json()).toMatchObject({
      is_completed: true,
      gathered_context: { confirmed: true, mapped_call_disposition: 'confirmed' },
      usage_info: { llm: { prompt_tokens: 0, completion_tokens: 0 } },
    });
  });

  it('takes the cancel branch on a keyed "2", with the endCall\'s disposition', async () => {
    const run = await chat(reminderId, { name: 'Ada' });
    const answered = await say(reminderId, run.id, '2');
    expect(answered).toMatchObject({
      reply: 'Your appointment is cancelled. Goodbye.',
      conversation: {
        status: 'ended',
        disposition: 'cancelled',
        node: { id: 'cancelled' },
        gathered_context: { mapped_call_disposition: 'cancelled' },
      },
    });
    // A key is not a yes or a no.
    expect(answered.conversation.gathered_context).not.toHaveProperty('confirmed');
  });

  it('re-prompts an answer that matches no branch, then follows the next answer ("nope")', async () => {
    const run = await chat(reminderId, { name: 'Ada' });
    const unclear = await say(reminderId, run.id, 'Purple monkey dishwasher.');
    expect(unclear).toMatchObject({
      reply: 'Sorry, Ada, press 1 or say yes to confirm, 2 or say no to cancel.',
      conversation: { status: 'active', node: { id: 'remind' } },
    });
    const declined = await say(reminderId, run.id, 'Nope.');
    expect(declined).toMatchObject({
      reply: 'Your appointment is cancelled. Goodbye.',
      conversation: {
        status: 'ended',
        disposition: 'cancelled',
        gathered_context: { confirmed: false },
      },
    });
  });

  it('captures digits and a date by pattern, moving on by the default edges, with the first code-less default', async () => {
    const created = await post('/create/definition', intakeAgent());
    expect(created.statusCode).toBe(201);
    const agentId = created.json().id;
    const run = await chat(agentId);
    expect(run.conversation.messages[0].content).toBe('Please say or key in your member number.');
    const numbered = await say(agentId, run.id, 'It is four two, seven 9.');
    expect(numbered.reply).toBe('On what date would you like to come?');
    const dated = await say(agentId, run.id, 'The 14th of January 2027, please.');
    expect(dated).toMatchObject({
      reply: 'Thank you. Goodbye.',
      conversation: {
        status: 'ended',
        // An agent with no disposition codes and no scripted disposition: `completed`.
        disposition: 'completed',
        gathered_context: { member_number: '4279', visit_date: '2027-01-14' },
      },
    });
  });

  it('still refuses a text chat with an agent that has LLM nodes', async () => {
    const created = await post('/create/definition', threeNodeAgent());
    expect(created.statusCode).toBe(201);
    const started = await post(`/${created.json().id}/runs`, { mode: 'textchat' });
    expect(started.statusCode).toBe(503);
    expect(started.json().detail).toBe('llm_not_configured');
  });
});
