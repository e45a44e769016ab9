import { describe, expect, it } from 'vitest';
import { evaluateExpression, runCalculator } from '../../tools/calculator';

/** Expected values are Python's (`eval` of the same text), the language Dograh's calculator follows. */
describe('the calculator tool', () => {
  it.each([
    ['2000 + 5000', 7000],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['1 / 4', 0.25],
    ['2 ** 3 ** 2', 512],
    ['-2 ** 2', -4],
    ['2 ** -1', 0.5],
    ['(-2) ** 2', 4],
    ['7 % 3', 1],
    ['-7 % 3', 2],
    ['7 % -3', -2],
    ['5.5 % 2', 1.5],
    ['+-+3', -3],
    ['1e3 * .5', 500],
    ['  12.50 * 3  ', 37.5],
    ['0.1 + 0.2', 0.30000000000000004],
  ])('%s = %s', (expression, expected) => {
    expect(evaluateExpression(expression)).toBe(expected);
  });

  it.each([
    ['1 / 0', 'Division by zero'],
    ['5 % 0', 'Division by zero'],
    ['0 ** -1', 'Division by zero'],
    ['(-8) ** 0.5', 'The result is not a real number'],
    ['10 ** 400', 'The result is too large'],
    ['1e400', 'The result is too large'],
    ['7 // 2', "Unexpected '/'"],
    ['abs(-1)', 'Unsupported expression at position 1'],
    ['__import__("os").system("id")', 'Unsupported expression at position 1'],
    ['1 +', 'The expression ends too early'],
    ['(1 + 2', 'Unbalanced parentheses'],
    ['1 + 2)', "Unexpected ')'"],
    ['', 'The expression is empty'],
    ['1'.repeat(501), 'The expression is longer than 500 characters'],
    ['('.repeat(60) + '1' + ')'.repeat(60), 'The expression is nested too deeply'],
  ])('refuses %s: %s', (expression, message) => {
    expect(() => evaluateExpression(expression)).toThrow(message);
  });

  it('answers the LLM a result or an error, never throwing', () => {
    expect(runCalculator({ expression: '6 * 7' })).toEqual({ result: 42 });
    expect(runCalculator({ expression: '6 *' })).toEqual({ error: 'The expression ends too early' });
    expect(runCalculator({ expression: 42 })).toEqual({ error: 'expression must be a string' });
  });
});
