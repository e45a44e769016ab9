/** Checks, splits and masks a provider's configuration values by the catalogue's field declarations. */
import { destinationUrlProblem } from '../net/outbound-destinations';
import type { ProviderField } from './catalogue';

/**
 * A vendor and its declared fields: a telephony provider (`ProviderDefinition`) or a voice vendor
 * (voice/voice-vendors.ts). Everything below reads only these two.
 */
export interface FieldSet {
  provider: string;
  fields: readonly ProviderField[];
}

export interface FieldProblem {
  field: string;
  msg: string;
  type: string;
}

/** Every problem of `values` against the provider's fields, all at once (unknown, missing, wrong type, out of range). */
export function checkProviderValues(definition: FieldSet, values: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const declared = new Map(definition.fields.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) {
      problems.push({
        field: name,
        msg: `Unknown field for provider ${definition.provider}`,
        type: 'extra_forbidden',
      });
    }
  }
  for (const field of definition.fields) {
    const value = values[field.name];
    if (value === undefined) {
      if (field.required) problems.push({ field: field.name, msg: 'Field required', type: 'missing' });
      continue;
    }
    const problem = checkValue(field, value);
    if (problem) problems.push({ field: field.name, ...problem });
  }
  return problems;
}

function checkValue(field: ProviderField, value: unknown): { msg: string; type: string } | null {
  if (typeof value === 'string' && field.maxLength !== undefined && value.length > field.maxLength)
    return { msg: `Input should have at most ${field.maxLength} characters`, type: 'string_too_long' };
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string' || value.trim() === '')
        return { msg: 'Input should be a non-empty string', type: 'string_type' };
      if (field.choices && !field.choices.includes(value))
        return { msg: `Input should be one of: ${field.choices.join(', ')}`, type: 'enum' };
      const problem = field.checkText?.(value) ?? null;
      return problem ? { msg: problem, type: 'value_error' } : null;
    }
    case 'url': {
      if (typeof value !== 'string') return { msg: 'Input should be a string', type: 'string_type' };
      // Every `url` field is a base URL: adapters append the vendor's API paths to it.
      const problem = destinationUrlProblem(value, field.schemes ?? ['http', 'https'], { base: true });
      return problem ? { msg: problem, type: 'url_parsing' } : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : { msg: 'Input should be a boolean', type: 'bool_type' };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        return { msg: 'Input should be a number', type: 'float_type' };
      if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum)
        return { msg: `Input should be greater than ${field.exclusiveMinimum}`, type: 'greater_than' };
      if (field.minimum !== undefined && value < field.minimum)
        return { msg: `Input should be at least ${field.minimum}`, type: 'greater_than_equal' };
      if (field.maximum !== undefined && value > field.maximum)
        return { msg: `Input should be at most ${field.maximum}`, type: 'less_than_equal' };
      return null;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return { msg: 'Input should be an object', type: 'dict_type' };
      const problem = field.check?.(value as Record<string, unknown>) ?? null;
      return problem ? { msg: problem, type: 'value_error' } : null;
    }
  }
}

/** Splits checked values into the clear part (stored as jsonb) and the sensitive part (stored encrypted). */
export function splitSensitive(
  definition: FieldSet,
  values: Record<string, unknown>,
): { clear: Record<string, unknown>; secrets: Record<string, string> } {
  const clear: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const field of definition.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.sensitive) secrets[field.name] = String(value);
    else clear[field.name] = value;
  }
  return { clear, secrets };
}

/** All but the last 4 characters replaced by `*`; 4 characters or fewer: all `*`. */
export function maskSecret(value: string): string {
  const chars = [...value];
  if (chars.length <= 4) return '*'.repeat(chars.length);
  return '*'.repeat(chars.length - 4) + chars.slice(-4).join('');
}

/** A value shaped like a mask (stars, then at most 4 characters): never a real credential. */
export function looksMasked(value: string): boolean {
  return /^\*+.{0,4}$/su.test(value);
}

/** The credentials as clients see them: the provider, the clear fields, and the sensitive ones masked. */
export function maskedCredentials(
  definition: FieldSet,
  clear: Record<string, unknown>,
  secrets: Record<string, string>,
): Record<string, unknown> {
  const shown: Record<string, unknown> = { provider: definition.provider };
  for (const field of definition.fields) {
    if (field.sensitive && secrets[field.name] !== undefined)
      shown[field.name] = maskSecret(secrets[field.name]!);
    else if (!field.sensitive && clear[field.name] !== undefined) shown[field.name] = clear[field.name];
  }
  return shown;
}
