import { useState } from 'react';
import { ErrorMessage } from '../../ui/Feedback';
import { useCampaignAction, type CampaignAction } from './campaign-queries';
import { RedialForm } from './RedialForm';
import { StartWarning } from './StartWarning';

/** Which action each state offers (docs/api.md: start from created, pause from running or syncing, resume from paused). */
const ACTION_FOR_STATE: Record<string, { action: CampaignAction; label: string } | undefined> = {
  created: { action: 'start', label: 'Start' },
  syncing: { action: 'pause', label: 'Pause' },
  running: { action: 'pause', label: 'Pause' },
  paused: { action: 'resume', label: 'Resume' },
};

/** The buttons the campaign's state allows, with the API's message when one is refused (e.g. a 409). */
export function CampaignActions({ campaignId, state }: { campaignId: number; state: string }) {
  const mutation = useCampaignAction(campaignId);
  const [redialOpen, setRedialOpen] = useState(false);
  const offered = ACTION_FOR_STATE[state];
  return (
    <div className="campaign-actions">
      <div className="actions">
        {offered && (
          <button
            type="button"
            className={offered.action === 'pause' ? undefined : 'primary'}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(offered.action)}
          >
            {offered.label}
          </button>
        )}
        {state === 'completed' && (
          <button type="button" aria-expanded={redialOpen} onClick={() => setRedialOpen((open) => !open)}>
            Redial…
          </button>
        )}
      </div>
      {state === 'created' && <StartWarning campaignId={campaignId} />}
      <ErrorMessage error={mutation.error} />
      {redialOpen && state === 'completed' && (
        <RedialForm campaignId={campaignId} onCancel={() => setRedialOpen(false)} />
      )}
    </div>
  );
}
