import { ErrorMessage, Loading, ProgressBar } from '../../ui/Feedback';
import { formatDateTime } from '../../ui/date-time';
import { outcomeLabel } from '../../ui/vocabulary';
import { formatDuration } from './campaign-format';
import type { Campaign, CampaignProgress } from './campaign-queries';
import { useCampaignProgress } from './campaign-queries';

/** The outcomes in the order people read them: reached first, then not reached, then errors. */
const OUTCOME_ORDER: Array<keyof CampaignProgress['outcomes']> = [
  'completed',
  'voicemail',
  'transferred',
  'busy',
  'no_answer',
  'failed',
  'invalid_number',
  'canceled',
  'error',
  'no_callable_window',
];

function nextCallText(progress: CampaignProgress): string {
  if (progress.next_window_at) return formatDateTime(progress.next_window_at);
  return progress.state === 'running' && progress.dialing.dialing ? 'Now' : '—';
}

function etaText(progress: CampaignProgress): string {
  if (progress.state === 'completed') return 'Finished';
  return progress.eta_seconds === null ? '—' : formatDuration(progress.eta_seconds);
}

/** Where the campaign stands: processed of total, calls in flight against the limit, outcomes, retries, window, ETA. */
export function ProgressPanel({ campaign }: { campaign: Campaign }) {
  const progress = useCampaignProgress(campaign.id, campaign.state);
  if (progress.isPending) return <Loading label="Loading progress…" />;
  if (progress.isError) return <ErrorMessage error={progress.error} />;
  const data = progress.data;
  return (
    <section aria-labelledby="campaign-progress-title" className="campaign-section">
      <h2 id="campaign-progress-title">Progress</h2>
      <div className="campaign-progress-bar">
        <ProgressBar value={data.processed_rows} max={data.total_rows} label="Processed contacts" />
      </div>
      <dl className="stats">
        <Stat label="Processed" value={`${data.processed_rows} / ${data.total_rows}`} />
        <Stat label="In flight" value={`${data.in_flight} / ${data.max_concurrency}`} />
        <Stat label="Failed contacts" value={data.failed_rows} />
        <Stat label="Retries pending" value={data.retries_pending} />
        <Stat label="Next call" value={nextCallText(data)} />
        <Stat label="ETA" value={etaText(data)} />
      </dl>
      <DialingReasons progress={data} />
      <h3>Attempts by outcome</h3>
      <dl className="stats outcome-stats" aria-label="Attempts by outcome">
        {OUTCOME_ORDER.map((outcome) => (
          <Stat key={outcome} label={outcomeLabel(outcome)} value={data.outcomes[outcome]} />
        ))}
      </dl>
    </section>
  );
}

/** Why contacts wait, or why nothing is dialing, in the API's words (GET …/progress `dialing.reasons`). */
function DialingReasons({ progress }: { progress: CampaignProgress }) {
  const { reasons } = progress.dialing;
  if (reasons.length === 0) return null;
  const title = progress.dialing.dialing ? 'Waiting' : 'Not dialing now';
  return (
    <section className="dialing-reasons" aria-labelledby="campaign-dialing-title">
      <h3 id="campaign-dialing-title">{title}</h3>
      <ul>
        {reasons.map((reason) => (
          <li key={reason.reason} data-reason={reason.reason}>
            {reason.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One labelled number of a stats grid. */
export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
