/** Request and response schemas of `GET|PUT /organizations/calling-rules`. */
import { Type } from '@sinclair/typebox';

export { ErrorBody } from '../common-schemas';

const Clock = Type.String({ maxLength: 5, description: 'HH:MM, 24 h', examples: ['08:00'] });
const Cap = Type.Union([Type.Integer(), Type.Null()], {
  description: 'At most this many attempts to one number in the window; null: no cap',
});

export const CallingRules = Type.Object({
  legal_hours: Type.Object({
    enabled: Type.Boolean(),
    start: Type.String(),
    end: Type.String(),
  }),
  frequency_caps: Type.Object({
    per_24h: Type.Union([Type.Integer(), Type.Null()]),
    per_7d: Type.Union([Type.Integer(), Type.Null()]),
  }),
});

export const CallingRulesUpdate = Type.Object(
  {
    legal_hours: Type.Optional(
      Type.Object(
        { enabled: Type.Optional(Type.Boolean()), start: Type.Optional(Clock), end: Type.Optional(Clock) },
        { additionalProperties: false },
      ),
    ),
    frequency_caps: Type.Optional(
      Type.Object(
        { per_24h: Type.Optional(Cap), per_7d: Type.Optional(Cap) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A call the calling rules (or the do-not-call list) refuse: 409 with when it would be allowed, where that applies. */
export const CallRefusalBody = Type.Object({
  detail: Type.String(),
  message: Type.Optional(Type.String()),
  next_allowed_at: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the call would be allowed (legal hours, frequency caps); null: never',
    }),
  ),
});
