import { formatDateTime } from '../../ui/date-time';
import { outcomeLabel } from '../../ui/vocabulary';
import { formatCost, formatDuration } from './format';
import type { RunDetail, RunListItem } from './run-queries';
import { runStatusLabel } from './run-status';

/** The end reason a run's logs record (`logs.conversation.end_reason`), if any. */
function endReasonOf(logs: Record<string, unknown>): string | null {
  const conversation = logs.conversation as { end_reason?: unknown } | undefined;
  return typeof conversation?.end_reason === 'string' ? conversation.end_reason : null;
}

/** How the start node's pre-call fetch went, with why when it failed; null when the run made none. */
export function preCallFetchFact(fetch: RunDetail['pre_call_fetch']): string | null {
  if (!fetch) return null;
  if (fetch.status === 'running') return 'Waiting for the answer';
  if (fetch.status === 'succeeded')
    return fetch.merged_keys.length > 0
      ? `Added ${fetch.merged_keys.join(', ')}`
      : 'Answered, nothing to add';
  return `Failed: ${fetch.error ?? 'no reason recorded'}`;
}

/** A run's facts at a glance: status, disposition, duration, cost, who and when. */
export function RunFacts({ summary, detail }: { summary: RunListItem; detail: RunDetail }) {
  const facts: Array<[string, string]> = [
    ['Status', runStatusLabel(detail)],
    [
      'Disposition',
      summary.disposition ? outcomeLabel(summary.disposition) : detail.is_completed ? 'None' : 'Not yet',
    ],
    ['Duration', formatDuration(summary.call_duration_seconds)],
    ['Cost', formatCost(summary.charge_usd)],
    ['Tokens', summary.service_token_usage.toLocaleString()],
    ['Ended because', endReasonOf(detail.logs) ?? '–'],
    [summary.call_type === 'inbound' ? 'Caller' : 'Called number', summary.phone_number ?? '–'],
    ['Channel', `${summary.mode} · ${summary.call_type}`],
    ['Started', formatDateTime(summary.created_at)],
  ];
  const preCallFetch = preCallFetchFact(detail.pre_call_fetch);
  if (preCallFetch) facts.push(['Pre-call fetch', preCallFetch]);
  return (
    <dl className="stats run-facts" aria-label="Run facts">
      {facts.map(([label, value]) => (
        <div className="stat" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
