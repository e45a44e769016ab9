/**
 * The checks of scripted nodes and their branches (docs/agents.md, "Scripted nodes"), run by validate-graph.ts: a
 * scripted startCall or agentNode has a `script_line`, captures are `{name, pattern}` rows, and an edge's branch keys
 * have their types (`dtmf` keys, `keywords` strings, `timeout_seconds` > 0, `is_default` once per node).
 */
import type { NodeType } from './definition';

type Json = Record<string, unknown>;
type Report = (loc: Array<string | number>, msg: string, type?: string) => void;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
const present = (value: unknown) => value !== undefined && value !== null;
const CAPTURE_PATTERNS = ['digits', 'date', 'yes_no'];

/** A node's scripted keys. */
export function checkScriptedNode(
  data: Json,
  type: NodeType | null,
  at: Array<string | number>,
  report: Report,
): void {
  if (present(data.scripted) && typeof data.scripted !== 'boolean')
    report([...at, 'scripted'], 'scripted must be true or false.', 'bool_type');
  if (data.scripted === true && type === 'globalNode')
    report([...at, 'scripted'], 'A globalNode cannot be scripted.');
  const waits = type === 'startCall' || type === 'agentNode';
  if (data.scripted === true && waits && !isNonEmptyString(data.script_line))
    report([...at, 'script_line'], `script_line is required on a scripted ${type} node.`, 'missing');
  for (const key of ['script_line', 'script_reprompt', 'script_disposition'])
    if (present(data[key]) && !isNonEmptyString(data[key]))
      report([...at, key], `${key} must be a non-empty string.`, 'string_type');
  const rows = data.script_capture;
  if (!present(rows)) return;
  if (!Array.isArray(rows))
    return report([...at, 'script_capture'], 'script_capture must be an array.', 'list_type');
  rows.forEach((row, index) => {
    const rat = [...at, 'script_capture', index];
    if (!isObject(row)) return report(rat, 'A captured variable must be an object.', 'model_type');
    if (!isNonEmptyString(row.name)) report([...rat, 'name'], 'name is required.', 'missing');
    if (!CAPTURE_PATTERNS.includes(row.pattern as string))
      report([...rat, 'pattern'], `pattern must be one of ${CAPTURE_PATTERNS.join(', ')}.`, 'literal_error');
  });
}

/** An edge's branch keys; `defaults` counts the `is_default` edges per source node. */
export function checkBranch(
  data: Json,
  source: unknown,
  at: Array<string | number>,
  defaults: Set<unknown>,
  report: Report,
): void {
  const { dtmf, keywords, timeout_seconds: timeout, is_default: isDefault, disposition } = data;
  if (present(dtmf) && !(typeof dtmf === 'string' && /^[0-9*#]+$/.test(dtmf)))
    report([...at, 'dtmf'], 'dtmf must be keys: digits, * and #.', 'string_pattern_mismatch');
  if (present(keywords) && !(Array.isArray(keywords) && keywords.every(isNonEmptyString)))
    report([...at, 'keywords'], 'keywords must be a list of non-empty strings.', 'list_type');
  if (present(timeout) && !(typeof timeout === 'number' && timeout > 0 && timeout <= 3600))
    report([...at, 'timeout_seconds'], 'timeout_seconds must be a number of seconds above 0, at most 3600.');
  if (present(isDefault) && typeof isDefault !== 'boolean')
    report([...at, 'is_default'], 'is_default must be true or false.', 'bool_type');
  if (isDefault === true) {
    if (defaults.has(source))
      report([...at, 'is_default'], `Another edge leaving "${source}" is the default.`);
    defaults.add(source);
  }
  if (present(disposition) && !isNonEmptyString(disposition))
    report([...at, 'disposition'], 'disposition must be a non-empty string.', 'string_type');
}
