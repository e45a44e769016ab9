/** Reading settings stored as JSON columns: whatever a row holds, a reader gets a fully populated object. */

export const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Keeps only the keys of `defaults`, taking a stored value where it has the default's type. */
export function populated<T extends object>(defaults: Readonly<T>, stored: unknown): T {
  const source = asObject(stored);
  const result = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    if (typeof source[key] === typeof fallback) result[key] = source[key];
  }
  return result as T;
}
