import { sql } from 'kysely';
import type { BenchStack } from './stack';

/**
 * What every contact of a bench campaign must end with, written here from CONTRACT.md (not imported from the
 * product): the simulator's outcome by the number's last digit (0–5 completed, 6 busy, 7 no_answer, 8 voicemail,
 * 9 failed), the same at every attempt, and `1 + maxRetries` attempts for a retried outcome, 1 otherwise.
 */
export interface ExpectedRule {
  maxRetries: number;
  retried: string[];
}

export function expectedOutcome(phone: string): string {
  const digit = Number(phone.slice(-1));
  return digit <= 5 ? 'completed' : ['busy', 'no_answer', 'voicemail', 'failed'][digit - 6]!;
}

export function expectedAttempts(phone: string, rule: ExpectedRule): number {
  return rule.retried.includes(expectedOutcome(phone)) ? 1 + rule.maxRetries : 1;
}

interface ContactFacts {
  phone_number: string;
  final_outcome: string | null;
  attempts_made: number;
  attempts: number;
  finished: number;
  outcomes: Array<string | null>;
}

/**
 * Checks every contact of the campaign against the rule, from the engine's rows (contact, attempts) and from the
 * simulator's own record (calls to the contact's number through the campaign's configuration): equal counts there
 * prove that no call was doubled and none lost. A contact whose number is in `listed` (the organization's
 * do-not-call list, seeded before the start) must end `do_not_call` with one finished attempt and no call at all.
 * Throws, listing the first mismatches, when any contact differs.
 */
export async function verifyContactOutcomes(
  stack: BenchStack,
  input: {
    campaignId: number;
    configurationId: number;
    contacts: number;
    rule: ExpectedRule;
    listed?: ReadonlySet<string>;
  },
): Promise<{ attempts: number; simulatorCalls: number; byOutcome: Record<string, number> }> {
  const { rows } = await sql<ContactFacts>`
    select c.phone_number, c.final_outcome, c.attempts_made,
           count(a.id)::int as attempts,
           (count(a.id) filter (where a.state = 'finished'))::int as finished,
           coalesce(array_agg(a.outcome order by a.attempt_number) filter (where a.id is not null), '{}') as outcomes
      from contacts c left join attempts a on a.contact_id = c.id
     where c.campaign_id = ${input.campaignId}
     group by c.id`.execute(stack.ctx.db);
  const calls = await stack.ctx.db
    .selectFrom('simulator_calls')
    .select(['to_number', sql<number>`count(*)::int`.as('n')])
    .where('telephony_configuration_id', '=', input.configurationId)
    .groupBy('to_number')
    .execute();
  const callsTo = new Map(calls.map((c) => [c.to_number, Number(c.n)]));
  const problems: string[] = [];
  if (rows.length !== input.contacts)
    problems.push(`${rows.length} contacts imported, ${input.contacts} uploaded`);
  let attempts = 0;
  const byOutcome: Record<string, number> = {};
  for (const contact of rows) {
    const listed = input.listed?.has(contact.phone_number) ?? false;
    const outcome = listed ? 'do_not_call' : expectedOutcome(contact.phone_number);
    const count = listed ? 1 : expectedAttempts(contact.phone_number, input.rule);
    const calls = listed ? 0 : count;
    const simulated = callsTo.get(contact.phone_number) ?? 0;
    callsTo.delete(contact.phone_number);
    attempts += contact.attempts;
    byOutcome[contact.final_outcome ?? 'none'] = (byOutcome[contact.final_outcome ?? 'none'] ?? 0) + 1;
    const wrong = [
      contact.final_outcome !== outcome && `final_outcome ${contact.final_outcome}, expected ${outcome}`,
      contact.attempts_made !== count && `attempts_made ${contact.attempts_made}, expected ${count}`,
      contact.attempts !== count && `${contact.attempts} attempt rows, expected ${count}`,
      contact.finished !== contact.attempts && `${contact.attempts - contact.finished} attempts not finished`,
      contact.outcomes.some((o) => o !== outcome) && `attempt outcomes ${contact.outcomes.join(',')}`,
      simulated !== calls && `${simulated} simulator calls, expected ${calls}`,
    ].filter(Boolean);
    if (wrong.length > 0) problems.push(`${contact.phone_number}: ${wrong.join('; ')}`);
  }
  for (const [number, n] of callsTo)
    problems.push(`${number}: ${n} simulator calls to a number of no contact`);
  if (problems.length > 0) {
    throw new Error(
      `campaign ${input.campaignId}: ${problems.length} contacts differ from the outcome rule:\n  ` +
        problems.slice(0, 20).join('\n  '),
    );
  }
  const simulatorCalls = calls.reduce((sum, c) => sum + Number(c.n), 0);
  return { attempts, simulatorCalls, byOutcome };
}
