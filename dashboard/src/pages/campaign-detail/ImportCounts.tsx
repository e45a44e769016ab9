import type { Campaign, CampaignProgress } from './campaign-queries';
import { useCampaignProgress } from './campaign-queries';
import { formatDateTime } from '../../ui/date-time';
import { Stat } from './ProgressPanel';
import { RejectedRows } from './RejectedRows';

/**
 * The contact import: valid / invalid / duplicate rows, as "3 / 1 / 1", and where the import stands (the progress
 * route's `source_sync`, shared with the progress panel's query). The import runs when the campaign starts.
 */
export function ImportCounts({ campaign }: { campaign: Campaign }) {
  const progress = useCampaignProgress(campaign.id, campaign.state);
  const counts = `${campaign.total_rows} / ${campaign.invalid_rows} / ${campaign.duplicate_rows}`;
  return (
    <section aria-labelledby="campaign-import-title" className="campaign-section">
      <h2 id="campaign-import-title">Contact import</h2>
      <dl className="stats">
        <Stat label="Valid / invalid / duplicate rows" value={counts} />
        <Stat label="Valid rows" value={campaign.total_rows} />
        <Stat label="Invalid rows" value={campaign.invalid_rows} />
        <Stat label="Duplicate rows" value={campaign.duplicate_rows} />
      </dl>
      {progress.data && <p className="muted">{importStatus(progress.data.source_sync)}</p>}
      {campaign.invalid_rows + campaign.duplicate_rows > 0 && (
        <RejectedRows campaignId={campaign.id} count={campaign.invalid_rows + campaign.duplicate_rows} />
      )}
    </section>
  );
}

function importStatus(sync: CampaignProgress['source_sync']): string {
  switch (sync.status) {
    case 'pending':
      return 'Not started: contacts are imported when the campaign starts.';
    case 'in_progress':
      return 'Importing contacts…';
    case 'completed':
      return `Import completed ${formatDateTime(sync.last_synced_at)}.`;
    case 'failed':
      return `Import failed: ${sync.error ?? sync.reason ?? 'see the activity log'}.`;
  }
}
