import { humanize } from './campaign-format';
import type { Campaign } from './campaign-queries';
import { Stat } from './ProgressPanel';

/**
 * The contact import: valid / invalid / duplicate rows, as "3 / 1 / 1". The import runs when the campaign starts,
 * so a campaign not started yet says so instead of showing zeros.
 */
export function ImportCounts({ campaign }: { campaign: Campaign }) {
  const counts = `${campaign.total_rows} / ${campaign.invalid_rows} / ${campaign.duplicate_rows}`;
  const importLog = (campaign.logs ?? []).find((entry) =>
    ['sync_completed', 'source_sync_failed', 'sync_started'].includes(entry.event),
  );
  const status =
    campaign.state === 'created'
      ? 'Not started: contacts are imported when the campaign starts'
      : importStatus(importLog?.event);
  return (
    <section aria-labelledby="campaign-import-title" className="campaign-section">
      <h2 id="campaign-import-title">Contact import</h2>
      <dl className="stats">
        <Stat label="Valid / invalid / duplicate rows" value={counts} />
        <Stat label="Valid rows" value={campaign.total_rows} />
        <Stat label="Invalid rows" value={campaign.invalid_rows} />
        <Stat label="Duplicate rows" value={campaign.duplicate_rows} />
      </dl>
      <p className="muted">{status}</p>
    </section>
  );
}

function importStatus(event: string | undefined): string {
  if (event === 'sync_completed') return 'Import completed.';
  if (event === 'source_sync_failed') return 'Import failed: see the activity log.';
  if (event === 'sync_started') return 'Importing contacts…';
  return event ? humanize(event) : 'Import status unknown.';
}
