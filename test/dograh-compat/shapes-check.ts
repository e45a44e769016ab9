import type { ExpectedShape } from './shapes-fields';

/** Checks a JSON value against one of the shapes in shapes-fields.ts; answers the problems, none when it fits. */

const ZONED_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fits(value: unknown, type: string): boolean {
  if (type === 'null') return value === null;
  if (type.startsWith('enum:'))
    return type
      .slice(5)
      .split('|')
      .includes(value as string);
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'datetime':
      return typeof value === 'string' && ZONED_DATETIME.test(value) && !Number.isNaN(Date.parse(value));
  }
  throw new Error(`unknown type in shapes-fields.ts: ${type}`);
}

export function shapeProblems(value: unknown, shape: ExpectedShape, path = 'body'): string[] {
  if (!isObject(value)) return [`${path}: expected an object, got ${JSON.stringify(value)}`];
  const problems: string[] = [];
  const check = (field: string, type: string) => {
    if (!type.split(' | ').some((alternative) => fits(value[field], alternative)))
      problems.push(
        `${path}.${field}: expected ${type}, got ${JSON.stringify(value[field])} (${shape.source})`,
      );
  };
  for (const [field, type] of Object.entries(shape.required)) {
    if (!(field in value)) problems.push(`${path}.${field}: missing (${shape.source})`);
    else check(field, type);
  }
  for (const [field, type] of Object.entries(shape.optional ?? {})) {
    if (field in value) check(field, type);
  }
  return problems;
}
