import { describe, expect, it } from 'vitest';
import { generateBuiltinAgent } from '../../agents/builtin-generator';
import { branchFor, capturedValues, scriptLine, straightOn } from '../../conversation/scripted-node';
import {
  COOPERATIVE_CALLEE_TURNS,
  COOPERATIVE_REPLIES,
  cooperativeTurn,
} from '../../simulator/cooperative-callee';

/**
 * The simulator's cooperative callee (no LLM, no callee_script): its answers, and the built-in scripted agents
 * (POST /workflow/create/template without an LLM) walked to their end by it, as a fresh install's calls are.
 */
describe('cooperative callee', () => {
  it('agrees to yes-or-no questions, names tomorrow for a date, eight for a number, anything else yes', () => {
    const say = (heard: string) => cooperativeTurn(heard, 0).say;
    expect(say('Can you confirm it? Press 1 or say yes, press 2 or say no.')).toBe('Yes.');
    expect(say('On what date would suit you?')).toBe('Tomorrow works for me.');
    expect(say('On a scale of 1 to 10, how satisfied are you?')).toBe('Eight.');
    expect(say('Hello there.')).toBe('Yes.');
    expect(cooperativeTurn('Hello there.', 0)).toMatchObject({ digits: '', hangUp: false });
  });

  it('says goodbye and hangs up once a call runs past a short scripted call', () => {
    expect(cooperativeTurn('Are you there?', COOPERATIVE_CALLEE_TURNS - 1).hangUp).toBe(false);
    expect(cooperativeTurn('Are you there?', COOPERATIVE_CALLEE_TURNS)).toEqual({
      say: COOPERATIVE_REPLIES.leave.replace(' [hang up]', ''),
      digits: '',
      hangUp: true,
    });
  });

  const kinds = [
    { useCase: 'appointment reminder', ends: 'Thank you, that is confirmed. Goodbye.', captured: {} },
    {
      useCase: 'customer satisfaction survey',
      ends: 'Thank you for your feedback. Goodbye.',
      captured: { satisfaction_score: '8' },
    },
    {
      useCase: 'lead qualification',
      ends: 'Thank you, our team will call you. Goodbye.',
      captured: { callback_date: '2026-12-08' },
    },
  ];
  it.each(kinds)("walks the built-in $useCase to its end with the person's answers captured", (kind) => {
    const { definition } = generateBuiltinAgent({
      call_type: 'outbound',
      use_case: kind.useCase,
      activity_description: `A ${kind.useCase}.`,
    });
    const variables = { first_name: 'Ada', agent_name: 'Alex', company_name: 'Acme' };
    let node = definition.nodes.find((candidate) => candidate.type === 'startCall')!;
    const gathered: Record<string, unknown> = {};
    for (let turn = 0; node.type !== 'endCall'; turn++) {
      expect(turn).toBeLessThan(COOPERATIVE_CALLEE_TURNS);
      const answer = cooperativeTurn(scriptLine(node, variables), turn).say!;
      Object.assign(gathered, capturedValues(node, answer, '2026-12-07T23:00:00Z'));
      const edge = branchFor(definition, node, answer) ?? straightOn(definition, node);
      expect(edge, `a branch from ${node.id} for "${answer}"`).not.toBeNull();
      node = definition.nodes.find((candidate) => candidate.id === edge!.target)!;
    }
    expect(scriptLine(node, variables)).toBe(kind.ends);
    expect(gathered).toEqual({ agreed: true, ...kind.captured });
  });
});
