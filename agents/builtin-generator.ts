import type { ExtractionVariable, AgentDefinition } from './definition';
import { placeholdersOf, type GeneratedAgent, type TemplateInput } from './template-draft';

/**
 * The generator used when no LLM is configured: a valid, editable agent from the three template fields —
 * greeting, a main node carrying the description, closing and end nodes, a global node with the persona,
 * and disposition codes and extraction variables chosen by the kind of use case.
 */

interface Profile {
  keywords: RegExp;
  codes: string[];
  extract: ExtractionVariable[];
}

const v = (name: string, type: ExtractionVariable['type'], prompt: string): ExtractionVariable => ({
  name,
  type,
  prompt,
});

// Order matters: the first profile whose keywords match the use case (then the description) wins.
const PROFILES: Profile[] = [
  {
    keywords: /appointment|booking|book |schedul|reservation|visit/i,
    codes: [
      'appointment_booked',
      'reschedule_requested',
      'callback_requested',
      'not_interested',
      'do_not_call',
    ],
    extract: [
      v('appointment_date', 'string', 'The date the person agreed to, as they said it.'),
      v('appointment_time', 'string', 'The time the person agreed to.'),
    ],
  },
  {
    keywords: /survey|feedback|nps|poll|satisfaction|questionnaire/i,
    codes: ['survey_completed', 'partially_completed', 'declined', 'callback_requested'],
    extract: [
      v('satisfaction_score', 'number', 'The score from 1 to 10 the person gave, if any.'),
      v('feedback', 'string', 'The main feedback in one sentence.'),
    ],
  },
  {
    keywords: /collect|payment|debt|invoice|overdue|billing|balance/i,
    codes: ['promise_to_pay', 'already_paid', 'dispute', 'callback_requested', 'wrong_person'],
    extract: [
      v('payment_date', 'string', 'The date the person promised to pay, if any.'),
      v('amount_promised', 'number', 'The amount the person promised to pay, if any.'),
    ],
  },
  {
    keywords: /remind|confirm|verif|renewal|follow[- ]?up/i,
    codes: ['confirmed', 'rescheduled', 'cancelled', 'callback_requested'],
    extract: [v('confirmed', 'boolean', 'Whether the person confirmed.')],
  },
  {
    keywords: /support|help ?desk|issue|complaint|troubleshoot|technical|service desk|order status/i,
    codes: ['resolved', 'escalated', 'information_provided', 'callback_requested'],
    extract: [
      v('issue_summary', 'string', "The caller's issue in one sentence."),
      v('issue_resolved', 'boolean', 'Whether the issue was resolved during the call.'),
    ],
  },
  {
    keywords: /lead|sales|sell|qualif|demo|offer|promotion|prospect|upsell|insurance|loan|real estate/i,
    codes: ['interested', 'qualified', 'not_interested', 'callback_requested', 'do_not_call'],
    extract: [
      v('interested', 'boolean', 'Whether the person is interested.'),
      v('best_time_to_call', 'string', 'When the person prefers to be contacted again, if said.'),
    ],
  },
];

const GENERAL: Profile = {
  keywords: /$^/,
  codes: ['completed', 'callback_requested', 'not_interested', 'do_not_call'],
  extract: [v('caller_request', 'string', 'What the person wanted or agreed to, in one sentence.')],
};

function profileFor(input: TemplateInput): Profile {
  return (
    PROFILES.find((p) => p.keywords.test(input.use_case)) ??
    PROFILES.find((p) => p.keywords.test(input.activity_description)) ??
    GENERAL
  );
}

const titleCase = (text: string) =>
  text
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

const node = (
  id: string,
  type: AgentDefinition['nodes'][number]['type'],
  y: number,
  data: AgentDefinition['nodes'][number]['data'],
) => ({ id, type, position: { x: type === 'globalNode' ? 420 : 0, y }, data });

const edge = (id: string, source: string, target: string, label: string, condition: string) => ({
  id,
  source,
  target,
  data: { label, condition },
});

/** A valid agent for the template fields, made without an LLM. */
export function generateBuiltinAgent(input: TemplateInput): GeneratedAgent {
  const profile = profileFor(input);
  const useCase = input.use_case.trim();
  const outbound = input.call_type === 'outbound';
  const greeting = outbound
    ? `Greet {{first_name}} warmly, introduce yourself as {{agent_name}} from {{company_name}} and say in one ` +
      `sentence why you are calling (${useCase}). Ask whether now is a good time to talk.`
    : `Answer the call: thank the caller for calling {{company_name}}, introduce yourself as {{agent_name}} and ` +
      `ask how you can help today (${useCase}).`;
  const definition: AgentDefinition = {
    nodes: [
      node('greeting', 'startCall', 0, { name: 'Greeting', prompt: greeting }),
      node('main', 'agentNode', 160, {
        name: titleCase(useCase).slice(0, 80) || 'Main conversation',
        prompt:
          `Your task: ${input.activity_description.trim()}\n` +
          'Ask one question at a time, listen, and confirm what you understood before moving on.',
        extraction_variables: profile.extract,
      }),
      node('closing', 'agentNode', 320, {
        name: 'Closing',
        prompt:
          'Summarise what was agreed and the next steps in one or two sentences, then ask if there is anything else.',
      }),
      node('end', 'endCall', 480, {
        name: 'End call',
        prompt: `Thank ${outbound ? '{{first_name}}' : 'the caller'} for their time and say goodbye.`,
      }),
      node('rules', 'globalNode', 0, {
        name: 'Persona and rules',
        prompt:
          'You are {{agent_name}}, a friendly, professional voice agent of {{company_name}}. Keep every reply ' +
          'to one or two short spoken sentences. Never invent facts, prices or commitments; offer a callback ' +
          'when you cannot answer. If the person asks not to be called again, apologise and end the call.',
      }),
    ],
    edges: [
      edge(
        'e1',
        'greeting',
        'main',
        'continue',
        outbound ? 'The person is available and willing to talk.' : 'The caller has said what they need.',
      ),
      edge(
        'e2',
        'greeting',
        'end',
        'not_available',
        'The person is busy, is the wrong person, or does not want to talk.',
      ),
      edge(
        'e3',
        'main',
        'closing',
        'task_complete',
        'The task is done or the person has given the needed answers.',
      ),
      edge(
        'e4',
        'main',
        'end',
        'ended_early',
        'The person wants to end the call, is not interested, or asks not to be called again.',
      ),
      edge(
        'e5',
        'closing',
        'main',
        'more_questions',
        'The person has another question or request about the task.',
      ),
      edge('e6', 'closing', 'end', 'goodbye', 'Everything is settled and the person has nothing else.'),
    ],
  };
  const variables: Record<string, unknown> = { agent_name: 'Alex', company_name: 'our company' };
  if (outbound) variables.first_name = 'there';
  for (const name of placeholdersOf(definition)) if (!(name in variables)) variables[name] = '';
  return {
    name: `${titleCase(useCase) || 'Agent'} (${input.call_type})`.slice(0, 255),
    definition,
    templateContextVariables: variables,
    callDispositionCodes: { disposition_codes: profile.codes },
    generator: 'builtin',
  };
}
