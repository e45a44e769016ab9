import { useQueries } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { KNOWN_OUTCOMES, outcomeLabel } from '../../ui/vocabulary';
import { dispositionCodes } from './run-filters';
import { useAgentOptions } from './run-queries';

/** The agents whose own codes the picker offers when no agent is chosen (newest first, as the API lists them). */
const AGENTS_ASKED = 20;

/**
 * The codes the agents may end a call with (`call_disposition_codes` and the opt-out disposition of each agent's
 * settings): the chosen agent's, or those of the organization's newest agents when none is chosen.
 */
function useAgentDispositionCodes(agent: string): string[] {
  const agents = useAgentOptions();
  const ids = agent ? [agent] : (agents.data ?? []).slice(0, AGENTS_ASKED).map((option) => option.value);
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['agents', 'disposition-codes', id],
      queryFn: async () =>
        unwrap(
          await api.GET('/api/v1/workflow/fetch/{workflow_id}', {
            params: { path: { workflow_id: Number(id) } },
          }),
        ),
      select: (detail: { call_disposition_codes: { disposition_codes: string[] } }) =>
        detail.call_disposition_codes.disposition_codes,
      staleTime: 60_000,
    })),
    combine: (results) => [...new Set(results.flatMap((result) => result.data ?? []))],
  });
}

/**
 * The disposition filter's choices: the service's own outcome codes, then the agents' codes (A–Z by label), then
 * the address's value when it is none of them (a shared link, an older link with several codes), so that it stays
 * selected. Every label comes from ui/vocabulary.
 */
export function useDispositionOptions(
  agent: string,
  chosen: string,
): Array<{ value: string; label: string }> {
  const agentCodes = useAgentDispositionCodes(agent)
    .filter((code) => !KNOWN_OUTCOMES.includes(code))
    .sort((a, b) => outcomeLabel(a).localeCompare(outcomeLabel(b)));
  const options = [...KNOWN_OUTCOMES, ...agentCodes].map((code) => ({
    value: code,
    label: outcomeLabel(code),
  }));
  if (chosen && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: dispositionCodes(chosen).map(outcomeLabel).join(', ') });
  }
  return options;
}
