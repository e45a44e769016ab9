import { describe, expect, it } from 'vitest';
import { calleeSystemPrompt, personaFrom } from '../../conversation/scripted-callee';

describe('the scripted callee of a simulated call', () => {
  it('takes the name, persona-like columns and facts from the CSV columns, leaving out the call keys', () => {
    const persona = personaFrom({
      'First Name': 'Ada',
      last_name: 'Lovelace',
      Notes: 'Curious about engines.',
      persona_mood: 'Cheerful.',
      email: 'ada@example.com',
      city: ' London ',
      empty: '',
      campaign_id: 7,
      called_number: '+15550100001',
      attempt: 1,
    });
    expect(persona).toEqual({
      name: 'Ada Lovelace',
      traits: ['Curious about engines.', 'Cheerful.'],
      facts: { email: 'ada@example.com', city: 'London' },
      generic: false,
    });
    const prompt = calleeSystemPrompt(persona);
    expect(prompt).toContain('You are Ada Lovelace.');
    expect(prompt).toContain('About you: Curious about engines. Cheerful.');
    expect(prompt).toContain('- city: London');
    expect(prompt).toContain('hang_up');
  });

  it('prefers a name column over first and last names', () => {
    expect(personaFrom({ name: 'Grace', first_name: 'G.' }).name).toBe('Grace');
  });

  it('is a generic cooperative person without name or persona columns', () => {
    const persona = personaFrom({ campaign_id: 1, account: 'A-17' });
    expect(persona).toMatchObject({ name: null, traits: [], generic: true, facts: { account: 'A-17' } });
    expect(calleeSystemPrompt(persona)).toContain('polite and cooperative');
    expect(personaFrom(null).generic).toBe(true);
  });
});
