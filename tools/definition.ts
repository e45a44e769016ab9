/**
 * Checks a tool definition against its category's schema and the rules a schema cannot say (header names, unique
 * parameters, the destination fields each transfer source needs), and lists what the caller must check against the
 * database and the network: the credentials it names and the URLs it sends requests to.
 */
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import type { ToolCategory } from '../db/database';
import { destinationUrlProblem } from '../net/outbound-destinations';
import { DEFINITION_SCHEMAS, MAX_BODY_TEMPLATE_CHARS } from './definition-schemas';
import { headerNameProblem, headerValueProblem } from '../net/http-headers';
import { PLACEHOLDER, placeholderProblem } from './templating';

export interface DefinitionIssue {
  loc: string[];
  msg: string;
  type: string;
}

export interface CheckedDefinition {
  definition: Record<string, unknown>;
  issues: DefinitionIssue[];
  /** Credential uuids the definition names, with where. */
  credentials: Array<{ loc: string[]; uuid: string }>;
  /** URLs whose host is fixed (no placeholder in it), to check against the destination policy now. */
  destinations: Array<{ loc: string[]; url: string }>;
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object without its `null` fields (Dograh's optional fields read null as absent). */
const withoutNulls = (value: Obj): Obj =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null));

/** Dograh's older single-rule mapping (`context_path` and `routes` beside the fallback), stored as `rules` (Dograh's). */
function withRules(mapping: Obj): Obj {
  if (mapping.rules !== undefined || (mapping.context_path === undefined && mapping.routes === undefined))
    return mapping;
  const { context_path, routes, ...rest } = mapping;
  return { ...rest, rules: [{ context_path, routes }] };
}

function schemaIssue(loc: string[], error: ValueError): DefinitionIssue {
  const path = error.path.split('/').filter(Boolean);
  if (error.type === ValueErrorType.ObjectRequiredProperty)
    return { loc: [...loc, ...path], msg: 'Field required', type: 'missing' };
  if (error.type === ValueErrorType.ObjectAdditionalProperties)
    return { loc: [...loc, ...path], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
  return { loc: [...loc, ...path], msg: error.message, type: ValueErrorType[error.type] ?? 'value_error' };
}

/** One issue per path: a union reports each of its branches, and the first says enough. */
function firstPerPath(issues: DefinitionIssue[]): DefinitionIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = issue.loc.join('\u0001');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The definition as it will be stored (`schema_version` 1, the method in capitals), its problems, and what it refers
 * to. `category` is the tool's; a definition of another type is refused.
 */
export function checkToolDefinition(raw: unknown, category: ToolCategory, loc: string[]): CheckedDefinition {
  const result: CheckedDefinition = { definition: {}, issues: [], credentials: [], destinations: [] };
  if (!isObject(raw)) {
    result.issues.push({ loc, msg: 'Input should be an object', type: 'object' });
    return result;
  }
  if (raw.type !== category) {
    result.issues.push({
      loc: [...loc, 'type'],
      msg: `definition.type must be the tool's category '${category}'`,
      type: 'value_error',
    });
    return result;
  }
  const config = isObject(raw.config) ? withoutNulls(raw.config) : raw.config;
  if (isObject(config))
    for (const key of ['resolver', 'context_mapping'])
      if (isObject(config[key])) config[key] = withoutNulls(config[key] as Obj);
  if (isObject(config) && isObject(config.context_mapping))
    config.context_mapping = withRules(config.context_mapping);
  if (category === 'http_api' && isObject(config) && typeof config.method === 'string')
    config.method = config.method.toUpperCase();
  const definition: Obj = { ...raw, schema_version: 1, ...(config === undefined ? {} : { config }) };
  result.definition = definition;
  const schemaIssues = [...Value.Errors(DEFINITION_SCHEMAS[category], definition)].map((error) =>
    schemaIssue(loc, error),
  );
  if (schemaIssues.length > 0) {
    result.issues = firstPerPath(schemaIssues);
    return result;
  }
  if (isObject(config)) checkConfig(category, config, [...loc, 'config'], result);
  return result;
}

function checkConfig(category: ToolCategory, config: Obj, loc: string[], result: CheckedDefinition) {
  const issue = (at: string[], msg: string) => result.issues.push({ loc: at, msg, type: 'value_error' });
  const credential = (at: string[], value: unknown) => {
    if (typeof value === 'string') result.credentials.push({ loc: at, uuid: value.toLowerCase() });
  };
  const url = (at: string[], value: string) => {
    const problem = templateUrlProblem(value);
    if (problem) return issue(at, problem);
    if (!placeholderInHost(value)) result.destinations.push({ loc: at, url: value });
  };
  const headers = (at: string[], value: unknown) => {
    if (!isObject(value)) return;
    for (const [name, text] of Object.entries(value)) {
      const problem = headerNameProblem(name) ?? headerValueProblem(String(text));
      if (problem) issue([...at, name], problem);
    }
  };
  const parameterNames = (lists: Array<[string[], unknown]>) => {
    const seen = new Set<string>();
    for (const [at, list] of lists) {
      if (!Array.isArray(list)) continue;
      list.forEach((parameter: Obj, index) => {
        const name = String(parameter.name);
        if (seen.has(name)) issue([...at, String(index), 'name'], `Parameter '${name}' is named twice`);
        seen.add(name);
        if (typeof parameter.value_template === 'string') {
          const problem = placeholderProblem(parameter.value_template);
          if (problem) issue([...at, String(index), 'value_template'], problem);
        }
      });
    }
  };

  if (category === 'http_api') {
    if (!HTTP_METHODS.has(config.method as string))
      issue([...loc, 'method'], 'method must be one of GET, POST, PUT, PATCH, DELETE');
    url([...loc, 'url'], config.url as string);
    headers([...loc, 'headers'], config.headers);
    credential([...loc, 'credential_uuid'], config.credential_uuid);
    parameterNames([
      [[...loc, 'parameters'], config.parameters],
      [[...loc, 'preset_parameters'], config.preset_parameters],
    ]);
    if (config.body_template !== undefined && config.body_template !== null) {
      const text = JSON.stringify(config.body_template);
      if (text.length > MAX_BODY_TEMPLATE_CHARS)
        issue(
          [...loc, 'body_template'],
          `body_template is longer than ${MAX_BODY_TEMPLATE_CHARS} characters`,
        );
      const problem = placeholderProblem(text);
      if (problem) issue([...loc, 'body_template'], problem);
    }
  } else if (category === 'transfer_call') {
    const source = config.destination_source ?? 'static';
    if (source === 'static' && !/\S/.test(String(config.destination ?? '')))
      issue([...loc, 'destination'], 'A static transfer needs a destination');
    if (source === 'dynamic' && !isObject(config.resolver))
      issue([...loc, 'resolver'], 'config.resolver is required when destination_source is dynamic');
    if (source === 'context_mapping' && !isObject(config.context_mapping))
      issue(
        [...loc, 'context_mapping'],
        'config.context_mapping is required when destination_source is context_mapping',
      );
    if (isObject(config.resolver)) {
      const at = [...loc, 'resolver'];
      url([...at, 'url'], config.resolver.url as string);
      headers([...at, 'headers'], config.resolver.headers);
      credential([...at, 'credential_uuid'], config.resolver.credential_uuid);
      parameterNames([
        [[...at, 'parameters'], config.resolver.parameters],
        [[...at, 'preset_parameters'], config.resolver.preset_parameters],
      ]);
    }
    parameterNames([[[...loc, 'parameters'], config.parameters]]);
    const rules = isObject(config.context_mapping) ? (config.context_mapping.rules as Obj[]) : [];
    rules.forEach((rule, index) => {
      // The first route of a value would always win: a second one is a mistake (Dograh refuses it too).
      const seen = new Set<string>();
      (rule.routes as Obj[]).forEach((route, at) => {
        const value = String(route.context_value).trim().toLowerCase();
        if (seen.has(value))
          issue(
            [...loc, 'context_mapping', 'rules', String(index), 'routes', String(at), 'context_value'],
            `The value '${String(route.context_value).trim()}' has a route already in this rule`,
          );
        seen.add(value);
      });
    });
  } else if (category === 'mcp') {
    url([...loc, 'url'], config.url as string);
    credential([...loc, 'credential_uuid'], config.credential_uuid);
  }
}

/** The host part of a URL template holds a placeholder: its address is known only when the tool runs. */
function placeholderInHost(url: string): boolean {
  const authority = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?]/)[0] ?? '';
  return authority.includes('{{');
}

/** Why a URL template cannot be a tool's URL: its placeholders, and its shape once they are filled with a word. */
export function templateUrlProblem(url: string): string | null {
  const problem = placeholderProblem(url);
  if (problem) return problem;
  const sample = url.replace(PLACEHOLDER, 'x');
  if (!/^https?:\/\//i.test(url)) return 'Input should be an http or https URL';
  return destinationUrlProblem(sample, ['https', 'http']);
}
