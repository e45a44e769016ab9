/** One problem the API reported: the field it names (`loc` without its leading `body`), if any, and its message. */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/**
 * The API's error bodies, read for people: `{detail: code, message}`, `{detail: message}` or the 422 list
 * `{detail: [{loc, msg}]}` (docs/api.md, Errors).
 */
export function problemsOf(body: unknown, status: number): FieldProblem[] {
  const detail = (body as { detail?: unknown } | null)?.detail;
  const message = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(detail)) {
    return detail.map((item: { loc?: unknown[]; msg?: unknown }) => {
      const loc = Array.isArray(item.loc) ? item.loc.map(String) : [];
      const path = loc[0] === 'body' || loc[0] === 'query' ? loc.slice(1) : loc;
      return { field: path.length > 0 ? path.join('.') : null, message: String(item.msg ?? 'Invalid value') };
    });
  }
  if (typeof message === 'string') return [{ field: null, message }];
  if (typeof detail === 'string') return [{ field: null, message: detail }];
  return [{ field: null, message: `The request failed (HTTP ${status}).` }];
}

/** An API failure carrying its problems, thrown by the query helpers so that pages can show them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problems: FieldProblem[],
  ) {
    super(problems.map((problem) => problem.message).join(' '));
  }

  /** The message for one field (matched on the full dotted path or its last part), if the API named it. */
  forField(field: string): string | undefined {
    return this.problems.find((problem) => problem.field === field)?.message;
  }
}

/** Unwraps an openapi-fetch result: its data, or an ApiError with the API's own messages. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  throw new ApiError(result.response.status, problemsOf(result.error, result.response.status));
}
