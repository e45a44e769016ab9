/**
 * The sample arguments of a tool test, typed in per parameter: each value read as its parameter's type (a number,
 * `true`/`false`, JSON for objects and arrays), left as text when it does not read (the request shows what was sent),
 * and left out when blank (a required one missing is the test's own error).
 */
import type { ParameterRow, PresetRow } from './tool-draft';

export function sampleValue(type: string, text: string): unknown {
  const trimmed = text.trim();
  if (type === 'number') {
    const number = Number(trimmed);
    return trimmed && Number.isFinite(number) ? number : text;
  }
  if (type === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : text;
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function sampleArguments(
  rows: Array<ParameterRow | PresetRow>,
  values: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const text = values[row.name] ?? '';
    if (text.trim() !== '') out[row.name] = sampleValue(row.type, text);
  }
  return out;
}

/** Any value as text for the page: strings as they are, the rest as indented JSON. */
export const shownJson = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'null');
