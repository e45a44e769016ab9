/**
 * `{{name}}` placeholders in a tool's URL, headers, body and preset parameters: the prompts' syntax and lookup
 * (conversation/template-variables.ts), with Dograh's rules for each place: a URL value is percent-encoded and must
 * exist; a body value that is exactly one placeholder keeps its JSON type; a preset value is coerced to its type.
 */
import { fillTemplate, lookupVariable, PLACEHOLDER } from '../conversation/template-variables';

export { PLACEHOLDER };

/** A template that cannot be filled with the values at hand: the tool answers an error, nothing is sent. */
export class ToolTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolTemplateError';
  }
}

type Values = Record<string, unknown>;

/** Why `text` holds braces that are no placeholder (`{{ a b }}`, `{{x`, Dograh's `{{x | fallback}}`), or null. */
export function placeholderProblem(text: string): string | null {
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}'))
    return 'Malformed placeholder: use {{name}} or {{name.path}} (letters, digits, _ and .), without filters';
  return null;
}

/** The URL with each placeholder replaced by its percent-encoded value; a missing, empty or structured value throws. */
export function renderUrl(url: string, values: Values): string {
  return url.replace(PLACEHOLDER, (_match, path: string) => {
    const value = lookupVariable(values, path);
    if (value === undefined || value === null)
      throw new ToolTemplateError(`URL variable '${path}' has no value`);
    if (typeof value === 'object')
      throw new ToolTemplateError(`URL variable '${path}' is not a single value`);
    const text = String(value);
    if (text === '') throw new ToolTemplateError(`URL variable '${path}' is empty`);
    return encodeURIComponent(text);
  });
}

/** A header value or other text: placeholders filled as in prompts (missing values are empty). */
export const renderText = (text: string, values: Values): string => fillTemplate(text, values);

const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][\w.]*)\s*\}\}$/;

/** A JSON body template: keys and strings filled; a string that is one placeholder takes the value as it is. */
export function renderBody(template: unknown, values: Values): unknown {
  if (Array.isArray(template)) return template.map((item) => renderBody(item, values));
  if (typeof template === 'object' && template !== null)
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [renderText(key, values), renderBody(value, values)]),
    );
  if (typeof template !== 'string') return template;
  const whole = WHOLE_PLACEHOLDER.exec(template);
  if (whole) {
    const value = lookupVariable(values, whole[1]!);
    if (value !== undefined && value !== null && typeof value !== 'string') return value;
  }
  return renderText(template, values);
}

export interface PresetParameter {
  name: string;
  type: string;
  value_template: string;
  required?: boolean;
}

/** Preset parameters filled from the call's values and coerced to their types; a required one left empty throws. */
export function resolvePresetParameters(presets: readonly PresetParameter[], values: Values): Values {
  const resolved: Values = {};
  for (const preset of presets) {
    const rendered = renderBody(preset.value_template, values);
    if (rendered === '' || rendered === null || rendered === undefined) {
      if (preset.required ?? true)
        throw new ToolTemplateError(`Preset parameter '${preset.name}' resolved to an empty value`);
      continue;
    }
    resolved[preset.name] = coerce(preset.name, rendered, preset.type);
  }
  return resolved;
}

function coerce(name: string, value: unknown, type: string): unknown {
  const refuse = () =>
    new ToolTemplateError(`Preset parameter '${name}' is not a ${type}: ${describe(value)}`);
  const text = typeof value === 'string' ? value.trim() : null;
  switch (type) {
    case 'string':
      return typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    case 'number': {
      if (typeof value === 'number') return value;
      const number = text !== null && text !== '' ? Number(text) : NaN;
      if (!Number.isFinite(number)) throw refuse();
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      const word = text?.toLowerCase() ?? '';
      if (['true', '1', 'yes', 'y', 'on'].includes(word)) return true;
      if (['false', '0', 'no', 'n', 'off'].includes(word)) return false;
      throw refuse();
    }
    default: {
      let parsed = value;
      if (text !== null) {
        try {
          parsed = JSON.parse(text);
        } catch {
          throw refuse();
        }
      }
      const isArray = Array.isArray(parsed);
      if (typeof parsed !== 'object' || parsed === null || isArray !== (type === 'array')) throw refuse();
      return parsed;
    }
  }
}

const describe = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
