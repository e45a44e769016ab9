/** The LLM function name of a tool (Dograh's `custom_tool_function_name`): what a tool's name must yield. */

/** Longest function name LLM vendors accept (OpenAI's 64). */
export const MAX_FUNCTION_NAME_LENGTH = 64;

/** Lower case, every run of characters but a-z, 0-9 and _ one `_`, without `_` at the ends. */
export function toolFunctionName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Why a tool named `name` could not be offered to an LLM, or null. */
export function toolNameProblem(name: string): string | null {
  const functionName = toolFunctionName(name.trim());
  if (functionName === '')
    return 'The name must contain a letter or digit (it becomes the LLM function name)';
  if (functionName.length > MAX_FUNCTION_NAME_LENGTH)
    return `The name's function name '${functionName.slice(0, 20)}…' is longer than ${MAX_FUNCTION_NAME_LENGTH} characters`;
  return null;
}
