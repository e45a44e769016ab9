import type { AgentDefinition } from './definition';
import { placeholdersOf, type GeneratedAgent, type TemplateInput } from './template-draft';

/**
 * The generator used when no LLM is configured: a valid, editable agent of scripted steps from the three template
 * fields — a scripted yes/no opening (a reminder's confirmation, a survey's consent, an offer), a follow-up question
 * whose answer is captured (a survey's score, an offer's callback date), and two scripted ends — with disposition
 * codes chosen by the kind of use case and a yes's and a no's disposition among them.
 */

/** What a scripted agent of this kind asks: confirm something, take a survey, or hear more of an offer. */
type Kind = 'reminder' | 'survey' | 'offer';

interface Profile {
  keywords: RegExp;
  codes: string[];
  kind: Kind;
  /** The dispositions of a yes and of a no to the opening question (two of the codes). */
  yes: string;
  no: string;
}

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
    kind: 'reminder',
    yes: 'appointment_booked',
    no: 'reschedule_requested',
  },
  {
    keywords: /survey|feedback|nps|poll|satisfaction|questionnaire/i,
    codes: ['survey_completed', 'partially_completed', 'declined', 'callback_requested'],
    kind: 'survey',
    yes: 'survey_completed',
    no: 'declined',
  },
  {
    keywords: /collect|payment|debt|invoice|overdue|billing|balance/i,
    codes: ['promise_to_pay', 'already_paid', 'dispute', 'callback_requested', 'wrong_person'],
    kind: 'offer',
    yes: 'promise_to_pay',
    no: 'callback_requested',
  },
  {
    keywords: /remind|confirm|verif|renewal|follow[- ]?up/i,
    codes: ['confirmed', 'rescheduled', 'cancelled', 'callback_requested'],
    kind: 'reminder',
    yes: 'confirmed',
    no: 'cancelled',
  },
  {
    keywords: /support|help ?desk|issue|complaint|troubleshoot|technical|service desk|order status/i,
    codes: ['resolved', 'escalated', 'information_provided', 'callback_requested'],
    kind: 'offer',
    yes: 'callback_requested',
    no: 'information_provided',
  },
  {
    keywords: /lead|sales|sell|qualif|demo|offer|promotion|prospect|upsell|insurance|loan|real estate/i,
    codes: ['interested', 'qualified', 'not_interested', 'callback_requested', 'do_not_call'],
    kind: 'offer',
    yes: 'interested',
    no: 'not_interested',
  },
];

const GENERAL: Profile = {
  keywords: /$^/,
  codes: ['completed', 'callback_requested', 'not_interested', 'do_not_call'],
  kind: 'offer',
  yes: 'callback_requested',
  no: 'not_interested',
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
  data: AgentDefinition['nodes'][number]['data'] & Record<string, unknown>,
) => ({ id, type, position: { x: 0, y }, data });

const edge = (
  id: string,
  source: string,
  target: string,
  data: { label: string; condition: string } & Record<string, unknown>,
) => ({
  id,
  source,
  target,
  data,
});

const YES_OR_NO = 'Press 1 or say yes, press 2 or say no.';

/** The scripted steps of each kind: the opening question's subject, and what a yes leads to. */
function scriptOf(kind: Kind, useCase: string) {
  switch (kind) {
    case 'reminder':
      return {
        question: `I am calling about your ${useCase}. Can you confirm it? ${YES_OR_NO}`,
        followUp: null,
        thanks: 'Thank you, that is confirmed. Goodbye.',
      };
    case 'survey':
      return {
        question: `Do you have a minute for a short ${useCase}? ${YES_OR_NO}`,
        followUp: {
          name: 'Score',
          line: 'On a scale of 1 to 10, how satisfied are you? Say the number or key it in.',
          capture: { name: 'satisfaction_score', pattern: 'digits' },
        },
        thanks: 'Thank you for your feedback. Goodbye.',
      };
    case 'offer':
      return {
        question: `I am calling about ${useCase}. Would you like to hear more? ${YES_OR_NO}`,
        followUp: {
          name: 'Callback date',
          line: 'Great. On what date would suit you for a call from our team? For example, tomorrow.',
          capture: { name: 'callback_date', pattern: 'date' },
        },
        thanks: 'Thank you, our team will call you. Goodbye.',
      };
  }
}

/**
 * A valid agent for the template fields, made without an LLM: scripted steps (docs/agents.md, "Scripted nodes") so
 * that it talks with no LLM configured. Each step's `prompt` carries what it is for (the description on the main
 * question), should someone turn its `scripted` off once an LLM is there.
 */
export function generateBuiltinAgent(input: TemplateInput): GeneratedAgent {
  const profile = profileFor(input);
  const useCase = input.use_case.trim().replace(/[_-]+/g, ' ').toLowerCase() || 'call';
  const outbound = input.call_type === 'outbound';
  const script = scriptOf(profile.kind, useCase);
  const hello = outbound
    ? 'Hello {{first_name}}, this is {{agent_name}} from {{company_name}}.'
    : 'Thank you for calling {{company_name}}, this is {{agent_name}}.';
  const yesTarget = script.followUp ? 'main' : 'end';
  const definition: AgentDefinition = {
    nodes: [
      node('greeting', 'startCall', 0, {
        name: 'Greeting',
        prompt: `Introduce yourself and ask the person to confirm they want to go on (${useCase}).`,
        scripted: true,
        script_line: `${hello} ${script.question}`,
        script_reprompt: `Sorry, I did not catch that. ${YES_OR_NO}`,
        script_capture: [{ name: 'agreed', pattern: 'yes_no' }],
      }),
      ...(script.followUp
        ? [
            node('main', 'agentNode', 160, {
              name: script.followUp.name,
              prompt:
                `Your task: ${input.activity_description.trim()}\n` +
                'Ask one question at a time, listen, and confirm what you understood before moving on.',
              scripted: true,
              script_line: script.followUp.line,
              script_capture: [script.followUp.capture],
            }),
          ]
        : []),
      node('end', 'endCall', 320, {
        name: 'End call',
        prompt: 'Thank the person and say goodbye.',
        scripted: true,
        script_line: script.thanks,
      }),
      node('declined', 'endCall', 480, {
        name: 'Declined',
        prompt: 'Thank the person for their time and say goodbye.',
        scripted: true,
        script_line: 'Thank you for your time. Goodbye.',
        script_disposition: profile.no,
      }),
    ],
    edges: [
      edge('e1', 'greeting', yesTarget, {
        label: 'yes',
        condition: 'The person said yes.',
        dtmf: '1',
        keywords: ['yes'],
        disposition: profile.yes,
      }),
      edge('e2', 'greeting', 'declined', {
        label: 'no',
        condition: 'The person said no.',
        dtmf: '2',
        keywords: ['no', 'not interested'],
      }),
      ...(script.followUp
        ? [
            edge('e3', 'main', 'end', {
              label: 'answered',
              condition: 'The person answered.',
              is_default: true,
            }),
          ]
        : []),
    ],
  };
  // The description is kept on the start step when there is no main step.
  if (!script.followUp)
    definition.nodes[0]!.data.prompt += `\nYour task: ${input.activity_description.trim()}`;
  const variables: Record<string, unknown> = { agent_name: 'Alex', company_name: 'our company' };
  if (outbound) variables.first_name = 'there';
  for (const name of placeholdersOf(definition)) if (!(name in variables)) variables[name] = '';
  return {
    name: `${titleCase(input.use_case) || 'Agent'} (${input.call_type})`.slice(0, 255),
    definition,
    templateContextVariables: variables,
    callDispositionCodes: { disposition_codes: profile.codes },
    generator: 'builtin',
  };
}
