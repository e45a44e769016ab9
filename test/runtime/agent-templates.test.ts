import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuiltinAgent } from '../../agents/builtin-generator';
import { validateAgentDefinition } from '../../agents/validate-graph';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake, type OpenAiFake } from './fakes/openai-fake';
import { invalidDraft, validDraft } from './template-drafts';

const body = {
  call_type: 'outbound',
  use_case: 'appointment reminders',
  activity_description: 'Remind patients of their dental appointment and confirm they will attend.',
};

// The generator's disposition codes per kind of use case (the first kind whose words match wins).
const CODES = {
  booking: [
    'appointment_booked',
    'reschedule_requested',
    'callback_requested',
    'not_interested',
    'do_not_call',
  ],
  survey: ['survey_completed', 'partially_completed', 'declined', 'callback_requested'],
  collection: ['promise_to_pay', 'already_paid', 'dispute', 'callback_requested', 'wrong_person'],
  reminder: ['confirmed', 'rescheduled', 'cancelled', 'callback_requested'],
  support: ['resolved', 'escalated', 'information_provided', 'callback_requested'],
  sales: ['interested', 'qualified', 'not_interested', 'callback_requested', 'do_not_call'],
  general: ['completed', 'callback_requested', 'not_interested', 'do_not_call'],
};

const DESCRIPTIONS: Array<[string, string, string[]]> = [
  [
    'appointment booking',
    'Book a haircut for the caller and ask for a preferred date and time.',
    CODES.booking,
  ],
  [
    'customer satisfaction survey',
    'Ask three questions about the last delivery and a score from 1 to 10.',
    CODES.survey,
  ],
  [
    'debt collection',
    'Remind the customer of the overdue invoice and agree on a payment date.',
    CODES.collection,
  ],
  [
    'lead qualification',
    'Find out whether the company has more than 50 employees and a budget this year.',
    CODES.sales,
  ],
  [
    'technical support',
    'Help the caller restart their router and check the internet connection.',
    CODES.support,
  ],
  ['order status', 'Tell callers where their order is; ask for the order number.', CODES.support],
  [
    'renewal reminder',
    'Remind the member their gym membership ends next week and offer to renew it.',
    CODES.reminder,
  ],
  ['real estate', 'Ask home owners whether they consider selling in the next year.', CODES.sales],
  // No kind in the use case: the description's "reservation" decides.
  ['restaurant', 'Take a table reservation for tonight: number of guests and time.', CODES.booking],
  ['charity', 'Thank donors for last year and invite them to the {{event_name}} gala.', CODES.general],
  ['x', 'y', CODES.general],
  [
    'Recruiting_screen',
    'Ask the candidate about their notice period and salary expectations.',
    CODES.general,
  ],
];

describe('agents from a description without an LLM (built-in generator)', () => {
  it('makes agents that pass the graph validator for every call type and varied descriptions', () => {
    for (const call_type of ['inbound', 'outbound'] as const)
      for (const [use_case, activity_description, codes] of DESCRIPTIONS) {
        const agent = generateBuiltinAgent({ call_type, use_case, activity_description });
        expect(validateAgentDefinition(agent.definition), `${call_type} ${use_case}`).toEqual([]);
        expect(agent.callDispositionCodes.disposition_codes, `${call_type} ${use_case}`).toEqual(codes);
        const prompts = JSON.stringify(agent.definition);
        for (const [name] of prompts.matchAll(/\{\{\s*(\w+)\s*\}\}/g))
          expect(Object.keys(agent.templateContextVariables)).toContain(name.replace(/[{}\s]/g, ''));
      }
  });

  it('chooses disposition codes by the use case', () => {
    const codes = (use_case: string) =>
      generateBuiltinAgent({ call_type: 'outbound', use_case, activity_description: 'Talk.' })
        .callDispositionCodes.disposition_codes;
    expect(codes('appointment booking')).toContain('appointment_booked');
    expect(codes('debt collection')).toContain('promise_to_pay');
    expect(codes('lead qualification')).toContain('interested');
  });

  describe('over HTTP', () => {
    let t: TestApp;
    let org: TestOrganization;
    beforeAll(async () => {
      t = await createTestApp();
      org = await createTestOrganization(t.ctx.db);
    });
    afterAll(async () => t.close());

    it('saves an editable agent and says the built-in generator made it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/workflow/create/template',
        headers: org.headers,
        payload: { ...body, call_type: 'inbound' },
      });
      expect(response.statusCode).toBe(201);
      const agent = response.json();
      expect(agent).toMatchObject({
        name: 'Appointment Reminders (inbound)',
        call_type: 'inbound',
        version_number: 1,
        workflow_configurations: { generator: 'builtin', max_call_duration_seconds: 1800 },
        template_context_variables: { company_name: 'our company', agent_name: 'Alex' },
      });
      expect(agent.call_disposition_codes.disposition_codes).toContain('appointment_booked');
      const greeting = agent.workflow_definition.nodes.find((n: { id: string }) => n.id === 'greeting');
      expect(greeting.data).toMatchObject({
        scripted: true,
        prompt: expect.stringContaining(body.activity_description),
      });
    });

    it('names the agent as asked, and answers a blank name with a 422 at name', async () => {
      const create = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/workflow/create/template',
          headers: org.headers,
          payload: { ...body, name },
        });
      const named = await create('  Front desk reminders ');
      expect(named.statusCode).toBe(201);
      expect(named.json()).toMatchObject({ name: 'Front desk reminders', call_type: 'outbound' });
      const blank = await create('   ');
      expect(blank.statusCode).toBe(422);
      expect(blank.json().detail.map((problem: { loc: string[] }) => problem.loc)).toEqual([
        ['body', 'name'],
      ]);
    });

    it('makes a scripted agent that talks with no LLM: a reminder confirmed by a yes', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/workflow/create/template',
        headers: org.headers,
        payload: body,
      });
      const post = (url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/workflow/${created.json().id}${url}`,
          headers: org.headers,
          payload,
        });
      const run = await post('/runs', { mode: 'textchat', initial_context: { first_name: 'Ada' } });
      expect(run.statusCode).toBe(201);
      expect(run.json().conversation.messages[0].content).toBe(
        'Hello Ada, this is Alex from our company. I am calling about your appointment reminders. Can you confirm ' +
          'it? Press 1 or say yes, press 2 or say no.',
      );
      const answered = await post(`/runs/${run.json().id}/messages`, { content: 'Yes, I will be there.' });
      expect(answered.json()).toMatchObject({
        reply: 'Thank you, that is confirmed. Goodbye.',
        conversation: {
          status: 'ended',
          disposition: 'appointment_booked',
          gathered_context: { agreed: true, mapped_call_disposition: 'appointment_booked' },
        },
      });
    });

    it('makes a survey that captures the score and a lead qualification that captures a callback date', async () => {
      const chatOf = async (use_case: string, answers: string[]) => {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/v1/workflow/create/template',
          headers: org.headers,
          payload: { call_type: 'inbound', use_case, activity_description: 'Talk.' },
        });
        expect(created.statusCode).toBe(201);
        const base = `/api/v1/workflow/${created.json().id}`;
        const run = await t.app.inject({
          method: 'POST',
          url: `${base}/runs`,
          headers: org.headers,
          payload: { mode: 'textchat' },
        });
        let last = run.json();
        for (const content of answers)
          last = (
            await t.app.inject({
              method: 'POST',
              url: `${base}/runs/${run.json().id}/messages`,
              headers: org.headers,
              payload: { content },
            })
          ).json();
        return last.conversation;
      };
      expect(await chatOf('customer survey', ['Sure.', 'Nine.'])).toMatchObject({
        status: 'ended',
        disposition: 'survey_completed',
        gathered_context: { agreed: true, satisfaction_score: '9' },
      });
      expect(await chatOf('lead qualification', ['1', 'The 3rd of March 2027 works.'])).toMatchObject({
        status: 'ended',
        disposition: 'interested',
        gathered_context: { callback_date: '2027-03-03' },
      });
      expect(await chatOf('lead qualification', ['No thanks.'])).toMatchObject({
        status: 'ended',
        disposition: 'not_interested',
        gathered_context: { agreed: false },
      });
    });
  });
});

describe('agents from a description with an LLM', () => {
  let fake: OpenAiFake;
  let t: TestApp;
  let org: TestOrganization;
  const agentCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('agents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', org.organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/template',
      headers: org.headers,
      payload: body,
    });

  beforeAll(async () => {
    fake = await startOpenAiFake();
    t = await createTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('asks for structured output and saves the valid agent the LLM returns', async () => {
    fake.requests.length = 0;
    fake.handle(() => ({ content: JSON.stringify(validDraft()) }));
    const response = await create();
    expect(response.statusCode).toBe(201);
    const agent = response.json();
    expect(agent).toMatchObject({
      name: 'Dental reminders',
      workflow_configurations: { generator: 'llm', generator_model: 'fake-model' },
      call_disposition_codes: { disposition_codes: ['confirmed', 'cancelled', 'rescheduled'] },
      // appointment_date is used in a prompt but had no default: it gets an empty one.
      template_context_variables: { first_name: 'there', appointment_date: '' },
    });
    expect(agent.workflow_definition.edges[0]).toMatchObject({
      source: 'greet',
      target: 'confirm',
      data: { label: 'listening' },
    });
    expect(validateAgentDefinition(agent.workflow_definition)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'agent_template' },
    });
    expect(fake.requests[0]!.messages[1]!.content).toContain(body.activity_description);
  });

  it('sends an invalid graph back with its problems and saves the repaired agent', async () => {
    fake.requests.length = 0;
    const answers = [invalidDraft(), validDraft()];
    fake.handle(() => ({ content: JSON.stringify(answers.shift()) }));
    const response = await create();
    expect(response.statusCode).toBe(201);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.messages;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant' });
    expect(repair.at(-1)!.content).toContain('An endCall node cannot have outgoing edges');
  });

  it('regenerates from scratch when the answer is not JSON', async () => {
    fake.requests.length = 0;
    const answers = ['Sure! Here is your agent:', JSON.stringify(validDraft())];
    fake.handle(() => ({ content: answers.shift() }));
    expect((await create()).statusCode).toBe(201);
    expect(fake.requests[1]!.messages).toHaveLength(2);
  });

  it('gives up after the bounded attempts with a 502 and saves nothing', async () => {
    const before = await agentCount();
    fake.requests.length = 0;
    fake.handle(() => ({ content: JSON.stringify(invalidDraft()) }));
    const response = await create();
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe('template_generation_failed');
    expect(fake.requests).toHaveLength(3);
    expect(await agentCount()).toBe(before);
  });

  it('answers 502 llm_unavailable and saves nothing when the LLM fails', async () => {
    const before = await agentCount();
    fake.handle(() => ({ status: 500, message: 'overloaded' }));
    const failing = await create();
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({ detail: 'llm_unavailable', message: expect.any(String) });
    expect(await agentCount()).toBe(before);
  });

  it('answers 502 llm_unavailable when nothing listens at the LLM address', async () => {
    const before = await agentCount();
    const down = await createTestApp({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MAX_RETRIES: '0' });
    try {
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/v1/workflow/create/template',
        headers: org.headers,
        payload: body,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toBe('llm_unavailable');
    } finally {
      await down.close();
    }
    expect(await agentCount()).toBe(before);
  });
});
