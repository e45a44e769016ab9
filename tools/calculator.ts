/**
 * The `calculator` tool (Dograh's `safe_calculator`): arithmetic on numbers with + - * / ** % and parentheses, and
 * unary + and -, with Python's precedence and results (the LLM writes Python-like expressions). Parsed by hand;
 * nothing is evaluated as code.
 */

/** The function the LLM sees (Dograh's name and description). */
export const CALCULATOR_FUNCTION = {
  type: 'function',
  function: {
    name: 'safe_calculator',
    description: 'Perform simple arithmetic calculations',
    parameters: {
      type: 'object',
      properties: {
        expression: {
          type: 'string',
          description:
            'Arithmetic expression to evaluate (supports +, -, *, /, **, %, and parentheses). Example: 2000 + 5000',
        },
      },
      required: ['expression'],
    },
  },
} as const;

export const MAX_EXPRESSION_LENGTH = 500;
const MAX_DEPTH = 50;

export class CalculatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalculatorError';
  }
}

const TOKEN = /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(\*\*|[-+*/%()]))/y;

function tokenize(expression: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    if (/^\s*$/.test(expression.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (!match) throw new CalculatorError(`Unsupported expression at position ${at + 1}`);
    tokens.push(match[1] ?? match[2]!);
  }
  return tokens;
}

/** The value of `expression`; throws CalculatorError for anything but arithmetic, or a result that is not finite. */
export function evaluateExpression(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    throw new CalculatorError(`The expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens = tokenize(expression);
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const product = (): number => {
    let value = unary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const operator = take();
      const right = unary();
      if (operator === '*') value *= right;
      else if (right === 0) throw new CalculatorError('Division by zero');
      else if (operator === '/') value /= right;
      else value -= right * Math.floor(value / right); // Python's %: the sign of the divisor.
    }
    return value;
  };
  // Python: -2 ** 2 is -(2 ** 2); 2 ** -1 is 2 ** (-1); ** groups from the right.
  const unary = (): number => {
    if (peek() === '-' || peek() === '+') {
      const sign = take() === '-' ? -1 : 1;
      return nested(() => sign * unary());
    }
    return power();
  };
  const power = (): number => {
    const base = atom();
    if (peek() !== '**') return base;
    take();
    const exponent = nested(unary);
    if (base === 0 && exponent < 0) throw new CalculatorError('Division by zero');
    const value = base ** exponent;
    if (Number.isNaN(value)) throw new CalculatorError('The result is not a real number');
    return value;
  };
  const atom = (): number => {
    const token = take();
    if (token === '(') {
      const value = nested(sum);
      if (take() !== ')') throw new CalculatorError('Unbalanced parentheses');
      return value;
    }
    if (token === undefined) throw new CalculatorError('The expression ends too early');
    if (!/^[\d.]/.test(token)) throw new CalculatorError(`Unexpected '${token}'`);
    return Number(token);
  };
  const nested = (parse: () => number): number => {
    if (++depth > MAX_DEPTH) throw new CalculatorError('The expression is nested too deeply');
    const value = parse();
    depth--;
    return value;
  };

  if (tokens.length === 0) throw new CalculatorError('The expression is empty');
  const value = sum();
  if (position < tokens.length) throw new CalculatorError(`Unexpected '${tokens[position]}'`);
  if (!Number.isFinite(value)) throw new CalculatorError('The result is too large');
  return value;
}

/** The calculator tool call: `{result}` or `{error}` for the LLM. */
export function runCalculator(args: Record<string, unknown>): { result: number } | { error: string } {
  if (typeof args.expression !== 'string') return { error: 'expression must be a string' };
  try {
    return { result: evaluateExpression(args.expression) };
  } catch (error) {
    if (error instanceof CalculatorError) return { error: error.message };
    throw error;
  }
}
