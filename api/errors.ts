/** The HTTP errors of the contract. Routes and services throw these; one handler turns them into bodies. */

export interface ValidationIssue {
  loc: string[];
  msg: string;
  type: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    message?: string,
    /** Response headers that belong to the error, such as `Retry-After`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? (typeof detail === 'string' ? detail : 'validation error'));
    this.name = 'HttpError';
  }

  body(): Record<string, unknown> {
    if (typeof this.detail !== 'string') return { detail: this.detail };
    return this.message && this.message !== this.detail
      ? { detail: this.detail, message: this.message }
      : { detail: this.detail };
  }
}

export const unauthorized = (message = 'Missing, invalid, expired or revoked credentials.') =>
  new HttpError(401, 'not_authenticated', message);

export const forbidden = (message = 'These credentials do not allow this operation.') =>
  new HttpError(403, 'forbidden', message);

/** A resource in the path that does not exist or belongs to another organization (never leak which). */
export const notFound = (what: string) =>
  new HttpError(404, `${what}_not_found`, `No ${what.replace(/_/g, ' ')} with that id.`);

/** An id referenced in a request body that does not exist in the caller's organization. */
export const referenceNotFound = (what: string) =>
  new HttpError(
    400,
    `${what}_not_found`,
    `The referenced ${what.replace(/_/g, ' ')} does not exist in this organization.`,
  );

/**
 * A throttled request: the client may try again after `retryAfterSeconds`, which the message says in words ("Too many
 * signups from this address. Try again in 42 minutes.") and `Retry-After` in seconds.
 */
export const tooManyAttempts = (retryAfterSeconds: number, what: string) =>
  new HttpError(429, 'too_many_attempts', `${what}. Try again in ${waitInWords(retryAfterSeconds)}.`, {
    'retry-after': String(retryAfterSeconds),
  });

/** A wait as people say it, rounded up: "1 second", "40 seconds", "3 minutes", "2 hours". */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const [count, unit] =
    whole < 60
      ? [whole, 'second']
      : whole < 3600
        ? [Math.ceil(whole / 60), 'minute']
        : [Math.ceil(whole / 3600), 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** A user-set URL leading to a loopback, link-local or private address the operator has not allowed. */
export const destinationNotAllowed = (message: string) =>
  new HttpError(422, 'destination_not_allowed', message);

export const invalidStateTransition = (message: string) =>
  new HttpError(409, 'invalid_state_transition', message);

export const payloadTooLarge = (message: string) => new HttpError(413, 'payload_too_large', message);

/** A 422 in the FastAPI shape; `loc` starts with body, query or path. */
export const validationError = (issues: ValidationIssue[]) => new HttpError(422, issues);

export const invalidField = (loc: string[], msg: string, type = 'value_error') =>
  validationError([{ loc, msg, type }]);

export const serviceUnavailable = (code: string, message: string) => new HttpError(503, code, message);
