/** The 409 a one-off call gets when the organization's calling rules refuse it now. */
import type { OneOffVerdict } from '../../../client/calling-rules';
import { HttpError } from '../../errors';

const MESSAGES = {
  outside_legal_hours: "The number is outside the organization's legal calling hours in its local time.",
  frequency_cap_exceeded: "The number has reached the organization's frequency cap.",
  number_in_call: 'The number is in another call of the organization right now.',
} as const;

/** `{detail, message, next_allowed_at}`: when the call would be allowed (ISO UTC; null when never). */
export class CallingRuleRefusal extends HttpError {
  constructor(
    readonly refusal: keyof typeof MESSAGES,
    readonly nextAllowedAt: string | null,
  ) {
    // A call to a number in another call is over the caps' "one call at a time" rule: the same code for the client.
    super(409, refusal === 'number_in_call' ? 'frequency_cap_exceeded' : refusal, MESSAGES[refusal]);
  }

  override body(): Record<string, unknown> {
    return { ...super.body(), next_allowed_at: this.nextAllowedAt };
  }
}

/** Throws the refusal for a verdict that does not allow the call. */
export function assertCallAllowed(verdict: OneOffVerdict): void {
  if (verdict.allowed) return;
  throw new CallingRuleRefusal(
    verdict.refusal,
    verdict.nextAllowedMs === null ? null : new Date(verdict.nextAllowedMs).toISOString(),
  );
}
