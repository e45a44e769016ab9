/**
 * A configuration field as the metadata endpoints describe it (telephony providers and voice vendors), and how
 * the values typed into a form become the JSON the API takes.
 */
export interface MetadataField {
  name: string;
  label: string;
  type: string;
  required: boolean;
  sensitive: boolean;
  description?: string | undefined;
  default?: number | boolean | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  choices?: string[] | undefined;
}

/** A value a person typed that cannot be sent: the field it belongs to and why. */
export class FieldInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The form control name of a field, prefixed by its section (`config`, `stt`, …) so sections never collide. */
export const inputName = (prefix: string, field: MetadataField) => `${prefix}.${field.name}`;

/**
 * The values of `fields` in `form` as the API takes them: text trimmed, numbers as numbers, a checked box as
 * `true`, objects parsed from JSON; empty inputs and unchecked boxes are left out (the API's defaults apply).
 * Throws FieldInputError for a number or JSON object that does not read.
 */
export function valuesFromForm(
  form: FormData,
  prefix: string,
  fields: MetadataField[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const name = inputName(prefix, field);
    if (field.type === 'boolean') {
      if (form.get(name) === 'on') values[field.name] = true;
      continue;
    }
    const raw = String(form.get(name) ?? '').trim();
    if (raw === '') continue;
    values[field.name] = parseValue(name, field, raw);
  }
  return values;
}

function parseValue(name: string, field: MetadataField, raw: string): unknown {
  if (field.type === 'number') {
    const number = Number(raw);
    if (!Number.isFinite(number)) throw new FieldInputError(name, `${field.label} must be a number.`);
    return number;
  }
  if (field.type === 'object') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed;
    } catch {
      // answered below
    }
    throw new FieldInputError(name, `${field.label} must be a JSON object, e.g. {"key": "value"}.`);
  }
  return raw;
}

/** A stored value shown in a list: secrets arrive masked from the API, objects as JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
