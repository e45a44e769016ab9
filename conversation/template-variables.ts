/** `{{name}}` placeholders in prompts, filled from a call's variables. */

/** One placeholder; its group is the variable's path. Global: use it with `replace`, or copy it for `exec`. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/**
 * The value a placeholder's path names, or undefined. Own properties only: `{{constructor}}` names nothing. A dotted
 * path reaches into nested values, e.g. {{contact.first_name}}, unless the whole path is a variable's name.
 */
export function lookupVariable(variables: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(variables, path)) return variables[path];
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined,
      variables,
    );
}

/**
 * Replaces each placeholder with its value; objects become JSON. A variable with no value becomes an empty
 * string, so a caller never hears a raw placeholder.
 */
export function fillTemplate(text: string, variables: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => {
    const value = lookupVariable(variables, path);
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** The variables of one call: the agent's defaults overridden by the call's initial_context. */
export function callVariables(
  defaults: Record<string, unknown> | null | undefined,
  initialContext: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  return { ...(defaults ?? {}), ...(initialContext ?? {}) };
}
