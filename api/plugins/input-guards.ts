import type { FastifyInstance } from 'fastify';
import { validationError, type ValidationIssue } from '../errors';

/**
 * Refuses, before schema validation, request values that would fail deeper down instead of as a 422: NUL and lone
 * UTF-16 surrogates in any string or key (PostgreSQL text and jsonb cannot store them), numbers beyond a double's
 * range (JSON.parse turns them into Infinity), and nesting deeper than any API shape needs (recursive code down
 * the line, JSON.stringify included, overflows its stack on a few thousand levels; JSON.parse itself does not).
 */

/** Deepest nesting of objects and arrays accepted in a body, query or path (agent definitions need about 6). */
const MAX_INPUT_DEPTH = 64;

/** Problems reported per request: enough to fix a body, bounded so a hostile one cannot make a huge answer. */
const MAX_ISSUES = 20;

// In a `u` regex a surrogate pair is one code point, so the surrogate range matches unpaired halves only.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/** Adds the guard to every route: path, query and JSON body are checked in that order; the first part at fault answers. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, where] of PARTS) {
      const issues = inputIssues(request[part], [where]);
      if (issues.length > 0) throw validationError(issues);
    }
  });
}

/** The problems of one parsed value; each `loc` starts with `at` (e.g. ['body'], or ['query', 'filters']). */
export function inputIssues(value: unknown, at: string[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Depth-first with an explicit stack: the walk itself must not recurse on what it is there to refuse.
  const stack: Array<{ value: unknown; loc: string[]; depth: number; key?: string }> = [
    { value, loc: at, depth: 0 },
  ];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const { value: current, loc, depth, key } = stack.pop()!;
    if (key !== undefined && UNSTORABLE.test(key)) issues.push(unstorable(loc));
    else if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) issues.push(unstorable(loc));
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current))
        issues.push({ loc, msg: 'Input should be a finite number', type: 'finite_number' });
    } else if (isJsonContainer(current)) {
      if (depth >= MAX_INPUT_DEPTH) {
        issues.push({ loc, msg: `Input nests deeper than ${MAX_INPUT_DEPTH} levels`, type: 'too_deep' });
        continue;
      }
      const isArray = Array.isArray(current);
      const entries = isArray
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      // Pushed in reverse so that problems are reported in document order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, item] = entries[i]!;
        stack.push({ value: item, loc: [...loc, name], depth: depth + 1, key: isArray ? undefined : name });
      }
    }
  }
  return issues;
}

const unstorable = (loc: string[]): ValidationIssue => ({
  loc,
  msg: 'Input should be text without NUL characters or unpaired UTF-16 surrogates',
  type: 'string_unicode',
});

/**
 * Arrays and plain records only: a streamed upload or a Buffer body is not JSON and is not walked. A record's
 * prototype is Object.prototype, null, or (query strings) a prototype-less object; class instances have a longer chain.
 */
function isJsonContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
