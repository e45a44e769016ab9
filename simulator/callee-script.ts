/**
 * What a simulated callee does on its turn, and its optional script. A contact whose CSV has a `callee_script`
 * column (the run's initial_context) follows it instead of its LLM persona: turns separated by `|`, the n-th said on
 * the callee's n-th turn, then it hangs up. In a scripted turn, or in a persona's reply, `[press 12#]` presses those
 * keys (DTMF, after the turn's words) and `[hang up]` hangs up after them; the rest is said. Example:
 * `Hello?|[press 1]|Yes please, send it to ada@example.com.|Thanks, bye! [hang up]`.
 */

export const CALLEE_SCRIPT_COLUMN = 'callee_script';

/** One turn of the callee: words to say, keys to press after them, and whether to hang up after that. */
export interface CalleeTurn {
  say: string | null;
  digits: string;
  hangUp: boolean;
}

const PRESS = /\[press ([0-9*#A-D]+)\]/gi;
const HANG_UP = /\[hang ?up\]/gi;

/** The turn a script line or a persona's reply stands for. */
export function readCalleeLine(line: string): CalleeTurn {
  let digits = '';
  let hangUp = false;
  const said = line
    .replace(PRESS, (_marker, keys: string) => {
      digits += keys.toUpperCase();
      return ' ';
    })
    .replace(HANG_UP, () => {
      hangUp = true;
      return ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { say: said || null, digits, hangUp };
}

/** The script of a call's callee, or null when its contact has none. */
export function calleeScriptOf(initialContext: Record<string, unknown> | null | undefined): string[] | null {
  const script = initialContext?.[CALLEE_SCRIPT_COLUMN];
  if (typeof script !== 'string' || !script.trim()) return null;
  return script.split('|').map((line) => line.trim());
}

/**
 * The script's turn for the callee's n-th turn (0-based): an empty line lets the turn pass in silence; past the
 * script's end the callee hangs up without a word.
 */
export function scriptedTurn(script: string[], turn: number): CalleeTurn {
  const line = script[turn];
  return line === undefined ? { say: null, digits: '', hangUp: true } : readCalleeLine(line);
}
