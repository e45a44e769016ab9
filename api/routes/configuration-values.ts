/**
 * Turns a request's vendor values (a telephony configuration's `config`, a voice configuration's section) into
 * checked clear values and secrets, merged with the stored ones on update, by the vendor's field declarations.
 */
import {
  DestinationNotAllowedError,
  checkDestination,
  type DestinationPolicy,
} from '../../net/outbound-destinations';
import {
  checkProviderValues,
  looksMasked,
  maskSecret,
  splitSensitive,
  type FieldSet,
} from '../../providers/credential-fields';
import { destinationNotAllowed, validationError, type ValidationIssue } from '../errors';

export interface VendorValues<D extends FieldSet> {
  definition: D;
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** The vendors one kind of configuration offers, and the request keys that are not vendor fields. */
export interface VendorCatalogue<D extends FieldSet> {
  names: readonly string[];
  find(name: string): D | undefined;
  /** Keys besides `provider` that are accepted and dropped (e.g. telephony's `from_numbers`). */
  ignored?: ReadonlySet<string>;
}

/** The vendor and values of a new configuration (or section); 422 listing every problem under `loc`. */
export function resolveNewValues<D extends FieldSet>(
  config: Record<string, unknown>,
  catalogue: VendorCatalogue<D>,
  loc: string[],
): VendorValues<D> {
  const definition = catalogue.find(String(config.provider ?? ''));
  if (!definition) {
    throw validationError([
      {
        loc: [...loc, 'provider'],
        msg: `Input should be one of: ${catalogue.names.join(', ')}`,
        type: config.provider === undefined ? 'missing' : 'enum',
      },
    ]);
  }
  const values = fieldsOf(config, catalogue.ignored);
  const issues = maskedLookalikes(definition, values, {}, loc);
  return checked(definition, values, issues, loc);
}

/**
 * The values after an update: sent fields replace stored ones, `null` removes an optional field, and a
 * sensitive value equal to the mask of the stored secret keeps that secret.
 */
export function resolveUpdatedValues<D extends FieldSet>(
  definition: D,
  stored: { clear: Record<string, unknown>; secrets: Record<string, string> },
  incoming: Record<string, unknown>,
  loc: string[],
  ignored?: ReadonlySet<string>,
): VendorValues<D> {
  const sent = fieldsOf(incoming, ignored);
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
 * Every `url` field whose value is new must lead to an allowed destination now (checked again on connect); 422
 * `destination_not_allowed` naming `label` + the field otherwise.
 */
export async function checkNewDestinations(
  definition: FieldSet,
  next: Record<string, unknown>,
  previous: Record<string, unknown>,
  destinations: DestinationPolicy,
  label = '',
): Promise<void> {
  for (const field of definition.fields) {
    const value = next[field.name];
    if (field.type !== 'url' || typeof value !== 'string' || value === previous[field.name]) continue;
    try {
      await checkDestination(value, destinations);
    } catch (error) {
      if (error instanceof DestinationNotAllowedError)
        throw destinationNotAllowed(`${label}${field.name}: ${error.message}`);
      throw error;
    }
  }
}

/**
 * A stored secret only ever goes to the host it was saved with: a change of a `url` field (where requests and
 * their credentials go) needs every stored secret sent again in full, or removed with `null`.
 */
function secretsNotResent(
  definition: FieldSet,
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

function fieldsOf(config: Record<string, unknown>, ignored?: ReadonlySet<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (name === 'provider' || ignored?.has(name)) continue;
    // Pasted credentials often carry a stray space or newline; no credential begins or ends with one.
    values[name] = typeof value === 'string' ? value.trim() : value;
  }
  return values;
}

/** A mask-shaped value that is not the mask of the stored secret would silently store stars as the secret. */
function maskedLookalikes(
  definition: FieldSet,
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

function checked<D extends FieldSet>(
  definition: D,
  values: Record<string, unknown>,
  issues: ValidationIssue[],
  loc: string[],
): VendorValues<D> {
  const problems = checkProviderValues(definition, values)
    .filter((problem) => !issues.some((issue) => issue.loc.at(-1) === problem.field))
    .map((problem) => ({ loc: [...loc, problem.field], msg: problem.msg, type: problem.type }));
  const all = [...issues, ...problems];
  if (all.length > 0) throw validationError(all);
  return { definition, ...splitSensitive(definition, values) };
}
