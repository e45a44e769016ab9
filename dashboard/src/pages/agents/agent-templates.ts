/**
 * The agents the New agent page offers to start from. Each is a few fields turned into the body of
 * `POST /workflow/create/template`: a use case and a description that the API's generator (the LLM, or without
 * one the built-in generator of scripted steps, agents/builtin-generator.ts) makes into an agent. The use case's
 * words choose the built-in generator's kind: "appointment" a reminder, "survey" a survey, an offer's words a lead
 * qualification (whose description says "qualify" and "lead" should the offer's own words say nothing).
 */

export interface TemplateField {
  key: string;
  label: string;
  hint: string;
  placeholder: string;
  /** A field without which the template cannot be filled (said at the field before anything is sent). */
  required?: string;
}

export interface AgentTemplate {
  id: 'appointment-reminder' | 'survey' | 'lead-qualification';
  title: string;
  summary: string;
  fields: TemplateField[];
  /** The use case and description sent for these field values (trimmed). */
  request: (values: Record<string, string>) => { use_case: string; activity_description: string };
}

export const AGENT_TEMPLATES: AgentTemplate[] = [
  {
    id: 'appointment-reminder',
    title: 'Appointment reminder',
    summary: 'Reminds the person of an appointment and asks them to confirm it (yes or no, spoken or keyed).',
    fields: [
      {
        key: 'appointment',
        label: 'What the appointment is',
        hint: 'A few words, said as "your … appointment".',
        placeholder: 'dental check-up',
        required: 'Say what the appointment is.',
      },
    ],
    request: ({ appointment = '' }) => {
      const subject = /appointment/i.test(appointment) ? appointment : `${appointment} appointment`;
      return {
        use_case: subject,
        activity_description:
          `Remind the person of their ${subject} and ask them to confirm that they will come; ` +
          'if they cannot, note that they want another time.',
      };
    },
  },
  {
    id: 'survey',
    title: 'Survey',
    summary: 'Asks for a minute, then a satisfaction score from 1 to 10, and thanks the person.',
    fields: [
      {
        key: 'topic',
        label: 'What the survey is about',
        hint: 'A few words, said as "a short … survey".',
        placeholder: 'delivery',
        required: 'Say what the survey is about.',
      },
    ],
    request: ({ topic = '' }) => ({
      use_case: `${topic} survey`,
      activity_description:
        `Ask the person a few questions about ${topic} for a short survey, ` +
        'including how satisfied they are on a scale of 1 to 10.',
    }),
  },
  {
    id: 'lead-qualification',
    title: 'Lead qualification',
    summary:
      'Presents an offer, asks whether the person wants to hear more, and takes a date for a callback.',
    fields: [
      {
        key: 'offer',
        label: 'Product or offer',
        hint: 'Said as "I am calling about …".',
        placeholder: 'our solar panels',
        required: 'Say what the offer is.',
      },
      {
        key: 'criteria',
        label: 'Who is a qualified lead (optional)',
        hint: 'What the agent should find out, in plain language.',
        placeholder: 'own their home and pay more than 100 a month for electricity',
      },
    ],
    request: ({ offer = '', criteria = '' }) => ({
      use_case: offer,
      activity_description:
        `Present ${offer} and qualify the lead: find out whether the person is interested` +
        `${criteria ? ` and whether they ${criteria}` : ''}, and take a date for a call from our team.`,
    }),
  },
];
