/**
 * The llm section's `fallbacks` (voice/llm-fallbacks.ts) as requests send them: each entry checked, merged and shown
 * as a section's own fields are (configuration-values.ts), with its problems in the same 422 as the section's. A sent
 * list replaces the stored one; an entry's key sent back as its mask keeps the key stored at that position, unless
 * the entry's base_url moved (then it must be sent in full).
 */
import type { DestinationPolicy } from '../../../net/outbound-destinations';
import { maskedCredentials, type FieldSet } from '../../../providers/credential-fields';
import {
  LLM_FALLBACK,
  MAX_LLM_FALLBACKS,
  joinFallbacks,
  splitFallbacks,
  type SectionValues,
} from '../../../voice/llm-fallbacks';
import { HttpError, validationError, type ValidationIssue } from '../../errors';
import { checkNewDestinations, resolveUpdatedValues, type VendorValues } from '../configuration-values';

const LOC = ['body', 'llm', 'fallbacks'];
const NONE: SectionValues = { clear: {}, secrets: {} };

/** The issues of a resolution that failed validation (other errors are thrown on). */
function issuesOf(work: () => void): ValidationIssue[] {
  try {
    work();
    return [];
  } catch (error) {
    if (!(error instanceof HttpError) || typeof error.detail === 'string') throw error;
    return error.detail;
  }
}

/** The fallbacks after a request: absent keeps the stored ones; `null` or `[]` removes them. */
function resolveFallbacks(
  sent: unknown,
  stored: SectionValues[] | undefined,
): { fallbacks: SectionValues[] | undefined; issues: ValidationIssue[] } {
  if (sent === undefined) return { fallbacks: stored, issues: [] };
  if (sent === null) return { fallbacks: undefined, issues: [] };
  if (!Array.isArray(sent))
    return { fallbacks: undefined, issues: [issue(LOC, 'Input should be a list', 'list_type')] };
  if (sent.length > MAX_LLM_FALLBACKS)
    return {
      fallbacks: undefined,
      issues: [issue(LOC, `List should have at most ${MAX_LLM_FALLBACKS} items`, 'too_long')],
    };
  const fallbacks: SectionValues[] = [];
  const issues: ValidationIssue[] = [];
  sent.forEach((entry: unknown, index) => {
    const loc = [...LOC, String(index)];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return issues.push(issue(loc, 'Input should be an object', 'dict_type'));
    // Every field absent from the entry is removed: an entry is sent whole.
    const whole = { model: null, base_url: null, api_key: null, ...(entry as Record<string, unknown>) };
    issues.push(
      ...issuesOf(() => {
        const { clear, secrets } = resolveUpdatedValues(LLM_FALLBACK, stored?.[index] ?? NONE, whole, loc);
        if (secrets.api_key !== undefined && clear.base_url === undefined)
          throw validationError([
            issue(
              [...loc, 'api_key'],
              'An entry without its own base_url uses the section’s key',
              'value_error',
            ),
          ]);
        fallbacks.push({ clear, secrets });
      }),
    );
  });
  return { fallbacks, issues };
}

const issue = (loc: string[], msg: string, type: string): ValidationIssue => ({ loc, msg, type });

/**
 * The llm section resolved with its fallbacks: `resolveOwn` resolves the section's own fields (the request's section
 * without `fallbacks`); one 422 lists the problems of both.
 */
export function withFallbacks<D extends FieldSet>(
  resolveOwn: () => VendorValues<D>,
  sent: unknown,
  stored: SectionValues[] | undefined,
): VendorValues<D> {
  let own: VendorValues<D> | undefined;
  const issues = issuesOf(() => (own = resolveOwn()));
  const resolved = resolveFallbacks(sent, stored);
  issues.push(...resolved.issues);
  if (issues.length > 0 || !own) throw validationError(issues);
  return { definition: own.definition, ...joinFallbacks(own, resolved.fallbacks) };
}

/** The fallbacks as clients see them, keys masked; absent when there are none. */
export function presentFallbacks(section: SectionValues): Array<Record<string, unknown>> | undefined {
  return splitFallbacks(section).fallbacks?.map((entry) => {
    const { provider: _provider, ...shown } = maskedCredentials(LLM_FALLBACK, entry.clear, entry.secrets);
    return shown;
  });
}

/** Base URLs new at a position of the list must lead to allowed destinations (checked again on connect). */
export async function checkFallbackDestinations(
  next: SectionValues,
  previous: SectionValues | undefined,
  destinations: DestinationPolicy,
): Promise<void> {
  const before = previous ? (splitFallbacks(previous).fallbacks ?? []) : [];
  for (const [index, entry] of (splitFallbacks(next).fallbacks ?? []).entries())
    await checkNewDestinations(
      LLM_FALLBACK,
      entry.clear,
      before[index]?.clear ?? {},
      destinations,
      `llm.fallbacks.${index}.`,
    );
}
