import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../api/client';
import { unwrap } from '../api/errors';

/** Whether an LLM answers for the organization (GET /organizations/capabilities), re-read every few minutes. */
function useCapabilities() {
  return useQuery({
    queryKey: ['capabilities'],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/capabilities')),
    staleTime: 300_000,
  });
}

/** Shown on every page while no LLM is configured: what works without one, and where to add one. */
export function LlmBanner() {
  const capabilities = useCapabilities();
  if (!capabilities.data || capabilities.data.llm.configured) return null;
  return (
    <aside className="llm-banner" aria-label="No LLM configured">
      <strong>No LLM is configured.</strong> Scripted agents talk without one: the New agent page&apos;s
      starting graph, agents made from a description, and any agent whose steps are all scripted. Agents with
      LLM steps greet and hang up. Add an LLM to a <Link to="/telephony">voice configuration</Link>, or set{' '}
      <code>LLM_BASE_URL</code> / <code>LLM_API_KEY</code> for the service.
    </aside>
  );
}
