/**
 * How Dograh's TypeScript SDK (`@dograh/sdk`, `src/validation.ts`) checks node data against a fetched node spec, as
 * its `Workflow.add` (before sending) and `loadWorkflow` (on stored data) do, restated for the tests: any key not in
 * `properties` throws; an absent key with a non-null `default` takes it; `options`/`multi_options` values must be
 * among the options; scalar types must match (`string`, `number`, `boolean`, `url`, `mention_textarea`,
 * `recording_ref`, `credential_ref` → string; `fixed_collection`, `tool_refs`, `document_refs` → array; null and
 * absent skip); each `fixed_collection` row is checked against the nested `properties`; `required` keys must be set,
 * and strings non-blank. Returns the data as the SDK would send it.
 */

interface CheckedProperty {
  name: string;
  type: string;
  default?: unknown;
  required?: boolean;
  options?: Array<{ value: unknown }> | null;
  properties?: CheckedProperty[] | null;
}

const EXPECTED_JS_TYPE: Record<string, string | null> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  options: null,
  multi_options: null,
  fixed_collection: 'array',
  json: null,
  tool_refs: 'array',
  document_refs: 'array',
  recording_ref: 'string',
  credential_ref: 'string',
  mention_textarea: 'string',
  url: 'string',
};

const jsType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

export class SdkValidationError extends Error {}

export function sdkCheckNodeData(
  spec: { name: string; properties: CheckedProperty[] },
  input: Record<string, unknown>,
): Record<string, unknown> {
  const declared = new Map(spec.properties.map((p) => [p.name, p]));
  const unknown = Object.keys(input).filter((key) => !declared.has(key));
  if (unknown.length)
    throw new SdkValidationError(`${spec.name}: unknown field(s) ${JSON.stringify(unknown)}`);
  const data: Record<string, unknown> = {};
  for (const [name, prop] of declared) {
    const value = name in input ? input[name] : (prop.default ?? undefined);
    if (value !== undefined && value !== null) checkValue(spec.name, prop, value);
    if (prop.type === 'fixed_collection' && Array.isArray(value)) {
      const row = { name: `${spec.name}.${name}`, properties: prop.properties ?? [] };
      data[name] = value.map((item) => sdkCheckNodeData(row, item as Record<string, unknown>));
      continue;
    }
    if (value !== undefined) data[name] = value;
  }
  for (const [name, prop] of declared) {
    const value = data[name];
    if (
      prop.required &&
      (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
    )
      throw new SdkValidationError(`${spec.name}: required field missing: ${name}`);
  }
  return data;
}

function checkValue(node: string, prop: CheckedProperty, value: unknown): void {
  const allowed = (prop.options ?? []).map((o) => o.value);
  if (prop.type === 'options' || prop.type === 'multi_options') {
    if (!allowed.length) return;
    const values = prop.type === 'multi_options' ? value : [value];
    if (!Array.isArray(values) || values.some((v) => !allowed.includes(v)))
      throw new SdkValidationError(`${node}.${prop.name}: ${JSON.stringify(value)} not in allowed`);
    return;
  }
  const expected = EXPECTED_JS_TYPE[prop.type];
  if (expected === undefined) throw new SdkValidationError(`${node}.${prop.name}: unknown type ${prop.type}`);
  if (expected && jsType(value) !== expected)
    throw new SdkValidationError(`${node}.${prop.name}: expected ${prop.type}, got ${jsType(value)}`);
}
