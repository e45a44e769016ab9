import { describe, expect, it } from 'vitest';
import { calleeScriptOf, readCalleeLine, scriptedTurn } from '../../simulator/callee-script';

/** The simulated callee's turn format (simulator/callee-script.ts): words, [press …] keys, [hang up]. */
describe('callee script', () => {
  it('reads words, keys to press after them and a hang-up from a line', () => {
    expect(readCalleeLine('Yes please.')).toEqual({ say: 'Yes please.', digits: '', hangUp: false });
    expect(readCalleeLine('One moment [press 12#] there  [PRESS *a]')).toEqual({
      say: 'One moment there',
      digits: '12#*A',
      hangUp: false,
    });
    expect(readCalleeLine('Bye now. [hang up]')).toEqual({ say: 'Bye now.', digits: '', hangUp: true });
    expect(readCalleeLine('[hangup]')).toEqual({ say: null, digits: '', hangUp: true });
    // Not a key: left as words.
    expect(readCalleeLine('[press x]')).toEqual({ say: '[press x]', digits: '', hangUp: false });
  });

  it("takes a contact's callee_script column, one turn per |, and hangs up past its end", () => {
    expect(calleeScriptOf({ name: 'Ada' })).toBeNull();
    expect(calleeScriptOf({ callee_script: '  ' })).toBeNull();
    expect(calleeScriptOf({ callee_script: 42 })).toBeNull();
    const script = calleeScriptOf({ callee_script: 'Hello? | | [press 1] ' })!;
    expect(script).toEqual(['Hello?', '', '[press 1]']);
    expect(scriptedTurn(script, 0)).toEqual({ say: 'Hello?', digits: '', hangUp: false });
    expect(scriptedTurn(script, 1)).toEqual({ say: null, digits: '', hangUp: false });
    expect(scriptedTurn(script, 2)).toEqual({ say: null, digits: '1', hangUp: false });
    expect(scriptedTurn(script, 3)).toEqual({ say: null, digits: '', hangUp: true });
  });
});
