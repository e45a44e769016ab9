/** Turns a request's `config` into checked clear values and secrets, merged with the stored ones on update. */
import { PROVIDER_NAMES, providerDefinition, type ProviderDefinition } from '../../../providers/catalogue';
import {
  checkProviderValues,
  looksMasked,
  maskSecret,
  splitSensitive,
} from '../../../providers/credential-fields';
import { validationError, type ValidationIssue } from '../../errors';

export interface ProviderValues {
  definition: ProviderDefinition;
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** Keys of `config` that are not provider fields: the provider itself, and numbers managed elsewhere. */
const NOT_FIELDS = new Set(['provider', 'from_numbers']);

/** The provider and values of a new configuration; 422 listing every problem. */
export function resolveNewValues(config: Record<string, unknown>): ProviderValues {
  const loc = ['body', 'config'];
  const definition = providerDefinition(String(config.provider ?? ''));
  if (!definition) {
    throw validationError([
      {
        loc: [...loc, 'provider'],
        msg: `Input should be one of: ${PROVIDER_NAMES.join(', ')}`,
        type: config.provider === undefined ? 'missing' : 'enum',
      },
    ]);
  }
  const values = fieldsOf(config);
  const issues = maskedLookalikes(definition, values, {}, loc);
  return checked(definition, values, issues, loc);
}

/**
 * The values after an update: sent fields replace stored ones, `null` removes an optional field, and a
 * sensitive value equal to the mask of the stored secret keeps that secret.
 */
export function resolveUpdatedValues(
  definition: ProviderDefinition,
  stored: { clear: Record<string, unknown>; secrets: Record<string, string> },
  incoming: Record<string, unknown>,
  loc: string[],
): ProviderValues {
  const sent = fieldsOf(incoming);
  const merged: Record<string, unknown> = { ...stored.clear, ...stored.secrets };
  const unchangedSecrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    const storedSecret = stored.secrets[name];
    if (value === null) delete merged[name];
    else if (storedSecret !== undefined && value === maskSecret(storedSecret))
      unchangedSecrets[name] = storedSecret;
    else merged[name] = value;
  }
  const issues = [
    ...maskedLookalikes(definition, sent, unchangedSecrets, loc),
    ...secretsNotResent(definition, stored, sent, unchangedSecrets, loc),
  ];
  return checked(definition, merged, issues, loc);
}

/**
 * A stored secret only ever goes to the host it was saved with: a change of a `url` field (where requests and
 * their credentials go) needs every stored secret sent again in full, or removed with `null`.
 */
function secretsNotResent(
  definition: ProviderDefinition,
  stored: { clear: Record<string, unknown>; secrets: Record<string, string> },
  sent: Record<string, unknown>,
  unchangedSecrets: Record<string, string>,
  loc: string[],
): ValidationIssue[] {
  const moved = definition.fields
    .filter((field) => field.type === 'url' && field.name in sent)
    .filter((field) => (sent[field.name] ?? undefined) !== stored.clear[field.name])
    .map((field) => field.name);
  if (moved.length === 0) return [];
  return definition.fields
    .filter((field) => field.sensitive && stored.secrets[field.name] !== undefined)
    .filter((field) => sent[field.name] === undefined || unchangedSecrets[field.name] !== undefined)
    .map((field) => ({
      loc: [...loc, field.name],
      msg: `Changing ${moved.join(', ')} requires sending ${field.name} again in full`,
      type: 'missing',
    }));
}

function fieldsOf(config: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (NOT_FIELDS.has(name)) continue;
    // Pasted credentials often carry a stray space or newline; no credential begins or ends with one.
    values[name] = typeof value === 'string' ? value.trim() : value;
  }
  return values;
}

/** A mask-shaped value that is not the mask of the stored secret would silently store stars as the secret. */
function maskedLookalikes(
  definition: ProviderDefinition,
  sent: Record<string, unknown>,
  unchangedSecrets: Record<string, string>,
  loc: string[],
): ValidationIssue[] {
  return definition.fields
    .filter((field) => field.sensitive && unchangedSecrets[field.name] === undefined)
    .filter((field) => {
      const value = sent[field.name];
      return typeof value === 'string' && value !== '' && looksMasked(value);
    })
    .map((field) => ({
      loc: [...loc, field.name],
      msg: 'Looks like a masked value but does not match the stored secret; send the full value',
      type: 'value_error',
    }));
}

function checked(
  definition: ProviderDefinition,
  values: Record<string, unknown>,
  issues: ValidationIssue[],
  loc: string[],
): ProviderValues {
  const problems = checkProviderValues(definition, values)
    .filter((problem) => !issues.some((issue) => issue.loc.at(-1) === problem.field))
    .map((problem) => ({ loc: [...loc, problem.field], msg: problem.msg, type: problem.type }));
  const all = [...issues, ...problems];
  if (all.length > 0) throw validationError(all);
  return { definition, ...splitSensitive(definition, values) };
}
