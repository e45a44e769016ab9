import { DOGRAH_MODELS } from './python-sdk-fields';
import type { ExpectedShape } from './shapes-fields';

/**
 * The one checker of our answers against Dograh's: its SDK's models (python-sdk-fields.ts, `problemsOfModel`) and the
 * shapes its UI reads (shapes-fields.ts, `shapeProblems`), with one type language: `integer`, `number`, `string`,
 * `boolean`, `object`, `any`, `datetime` (ISO 8601 with a zone), `enum:a|b`, `T[]`, a model's name, `T | null`.
 * Answers the problems, none when the value fits.
 */

const ZONED_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of one value against one type alternative (no `| null` in it). */
function problemsOfAlternative(value: unknown, type: string, path: string): string[] | null {
  const wrong = (what: string) => [`${path}: expected ${what}, got ${JSON.stringify(value)}`];
  if (type === 'any') return [];
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) return wrong('an array');
    return value.flatMap((item, i) => problemsOfType(item, type.slice(0, -2), `${path}[${i}]`));
  }
  if (type.startsWith('enum:'))
    return type
      .slice(5)
      .split('|')
      .includes(value as string)
      ? []
      : wrong(`one of ${type.slice(5)}`);
  switch (type) {
    case 'string':
      return typeof value === 'string' ? [] : wrong('a string');
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong('a boolean');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [] : wrong('a number');
    case 'integer':
      return Number.isInteger(value) ? [] : wrong('an integer');
    case 'object':
      return isObject(value) ? [] : wrong('an object');
    case 'datetime':
      return typeof value === 'string' && ZONED_DATETIME.test(value) && !Number.isNaN(Date.parse(value))
        ? []
        : wrong('an ISO 8601 date-time with a zone');
  }
  if (!DOGRAH_MODELS[type])
    throw new Error(`unknown type in python-sdk-fields.ts or shapes-fields.ts: ${type}`);
  return isObject(value) ? problemsOfModel(value, type, path) : wrong(`a ${type} object`);
}

/** Problems of a value against a type such as `integer | null`, `NodeSpec[]` or `RetryConfigResponse`. */
export function problemsOfType(value: unknown, type: string, path: string): string[] {
  const alternatives = type.split(' | ');
  if (value === null)
    return alternatives.includes('null') || alternatives.includes('any') ? [] : [`${path}: must not be null`];
  const results = alternatives.filter((a) => a !== 'null').map((a) => problemsOfAlternative(value, a, path)!);
  return results.find((problems) => problems.length === 0) ?? results[0]!;
}

/** Problems of an object against one of Dograh's models: missing or mistyped fields, keys it forbids. */
export function problemsOfModel(value: unknown, modelName: string, path = modelName): string[] {
  const model = DOGRAH_MODELS[modelName];
  if (!model) throw new Error(`unknown Dograh model ${modelName}`);
  if (!isObject(value)) return [`${path}: expected a ${modelName} object, got ${JSON.stringify(value)}`];
  const problems: string[] = [];
  for (const [field, dograhType] of Object.entries(model.required)) {
    const type = model.knownDifferences?.[field]?.type ?? dograhType;
    if (!(field in value)) problems.push(`${path}.${field}: missing (required by ${model.source})`);
    else problems.push(...problemsOfType(value[field], type, `${path}.${field}`));
  }
  for (const [field, type] of Object.entries(model.optional ?? {})) {
    if (value[field] !== undefined && value[field] !== null)
      problems.push(...problemsOfType(value[field], type, `${path}.${field}`));
  }
  if (model.forbidsExtraKeys) {
    const known = new Set([...Object.keys(model.required), ...Object.keys(model.optional ?? {})]);
    for (const key of Object.keys(value))
      if (!known.has(key)) problems.push(`${path}.${key}: not allowed (${model.source})`);
  }
  return problems;
}

/** Problems of an object against one of the UI's shapes: a required field missing, a field of the wrong type. */
export function shapeProblems(value: unknown, shape: ExpectedShape, path = 'body'): string[] {
  if (!isObject(value)) return [`${path}: expected an object, got ${JSON.stringify(value)}`];
  const problems: string[] = [];
  const check = (field: string, type: string) =>
    problemsOfType(value[field], type, `${path}.${field}`).map((problem) => `${problem} (${shape.source})`);
  for (const [field, type] of Object.entries(shape.required)) {
    if (!(field in value)) problems.push(`${path}.${field}: missing (${shape.source})`);
    else problems.push(...check(field, type));
  }
  for (const [field, type] of Object.entries(shape.optional ?? {}))
    if (field in value) problems.push(...check(field, type));
  return problems;
}
