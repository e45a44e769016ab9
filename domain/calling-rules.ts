import { parseClock } from './schedule';
import type { LegalHours } from './legal-hours';

/**
 * An organization's calling rules as the API shows them, and the merge of a partial change into them with its
 * validation: `HH:MM` hours with start before end (no span past midnight: legal hours are a daytime band), caps
 * positive integers up to MAX_CAP or null (no cap).
 */

export interface FrequencyCaps {
  /** At most this many attempts to one number per rolling 24 hours; null: no cap. */
  per_24h: number | null;
  /** At most this many per rolling 7 days; null: no cap. */
  per_7d: number | null;
}

export interface CallingRules {
  legal_hours: LegalHours;
  frequency_caps: FrequencyCaps;
}

export interface CallingRulesChange {
  legal_hours?: Partial<LegalHours>;
  frequency_caps?: Partial<FrequencyCaps>;
}

/** A cap above this is no cap a person would set (one call every 10 seconds for 7 days is 60,480). */
export const MAX_CAP = 10_000;

export interface RuleIssue {
  loc: string[];
  msg: string;
}

/** The rules with the change applied, or the change's problems (`loc` from the body). */
export function mergeCallingRules(
  current: CallingRules,
  change: CallingRulesChange,
): { rules: CallingRules } | { issues: RuleIssue[] } {
  const rules: CallingRules = {
    legal_hours: { ...current.legal_hours, ...definedOnly(change.legal_hours ?? {}) },
    frequency_caps: { ...current.frequency_caps, ...definedOnly(change.frequency_caps ?? {}) },
  };
  const issues: RuleIssue[] = [];
  const start = parseClock(rules.legal_hours.start);
  const end = parseClock(rules.legal_hours.end, true);
  if (start === null)
    issues.push({ loc: ['body', 'legal_hours', 'start'], msg: 'start must be a time HH:MM (00:00-23:59).' });
  if (end === null)
    issues.push({ loc: ['body', 'legal_hours', 'end'], msg: 'end must be a time HH:MM (00:00-24:00).' });
  if (start !== null && end !== null && start >= end)
    issues.push({
      loc: ['body', 'legal_hours', 'end'],
      msg: 'end must be later than start on the same day.',
    });
  for (const key of ['per_24h', 'per_7d'] as const) {
    const cap = rules.frequency_caps[key];
    if (cap !== null && !(Number.isInteger(cap) && cap >= 1 && cap <= MAX_CAP))
      issues.push({
        loc: ['body', 'frequency_caps', key],
        msg: `${key} must be an integer from 1 to ${MAX_CAP}, or null for no cap.`,
      });
  }
  return issues.length > 0 ? { issues } : { rules };
}

/** True when any frequency cap is set (only then does a claim take the number's lock). */
export function capsEnabled(caps: FrequencyCaps): boolean {
  return caps.per_24h !== null || caps.per_7d !== null;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
