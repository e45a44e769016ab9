/** A node's or an edge's `data`, as the side panels read and change it. */
export type Fields = Record<string, unknown>;

/** A string key of `data`, or '' when absent or of another type. */
export const textOf = (fields: Fields, key: string): string =>
  typeof fields[key] === 'string' ? (fields[key] as string) : '';

/**
 * `data` with `key` set to `value`, or without `key` when `value` is blank: an absent key is what the API means by
 * "not set", where an empty string is a 422 (`script_line must be a non-empty string`).
 */
export function withOptional(fields: Fields, key: string, value: unknown): Fields {
  const blank = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const { [key]: _dropped, ...rest } = fields;
  return blank ? rest : { ...rest, [key]: value };
}

/** The uuids a node names under `key` (`tool_uuids`, `document_uuids`): strings only, in order. */
export function uuidsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
