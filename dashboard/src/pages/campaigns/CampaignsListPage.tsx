import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmptyState, ErrorMessage, Loading, ProgressBar } from '../../ui/Feedback';
import { CampaignStateBadge } from './CampaignStateBadge';
import { SetupChecklist } from './SetupChecklist';
import './campaigns.css';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

/** States whose counters still move: the list refreshes itself while one is shown. */
const ACTIVE_STATES = new Set(['syncing', 'running']);
const REFRESH_MS = 3_000;

/**
 * The organization's campaigns, newest first (one request: the list carries each campaign's counters), under the
 * setup checklist while the organization lacks an agent, a line, a caller number or a campaign.
 */
export function CampaignsListPage() {
  const campaigns = useQuery({
    queryKey: ['campaigns'],
    queryFn: async () => unwrap(await api.GET('/api/v1/campaign')).campaigns,
    // Counters move on their own: coming back to the list always asks again.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((campaign) => ACTIVE_STATES.has(campaign.state)) ? REFRESH_MS : false,
  });
  return (
    <>
      <div className="page-header">
        <h1>Campaigns</h1>
        {campaigns.data && campaigns.data.length > 0 && <NewCampaignLink />}
      </div>
      {campaigns.data && <SetupChecklist hasCampaign={campaigns.data.length > 0} />}
      {campaigns.isPending ? (
        <Loading />
      ) : campaigns.error ? (
        <ErrorMessage error={campaigns.error} />
      ) : campaigns.data.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p className="muted">A campaign calls every contact of a CSV file with one of your agents.</p>
          <NewCampaignLink />
        </EmptyState>
      ) : (
        <CampaignsTable campaigns={campaigns.data} />
      )}
    </>
  );
}

function NewCampaignLink() {
  return (
    <Link to="/campaigns/new" className="button primary">
      New campaign
    </Link>
  );
}

interface CampaignRow {
  id: number;
  name: string;
  workflow_name: string;
  state: string;
  processed_rows: number;
  total_rows: number;
  created_at: string;
}

function CampaignsTable({ campaigns }: { campaigns: CampaignRow[] }) {
  return (
    <TableScroll>
      <table className="campaigns-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Agent</th>
            <th scope="col">State</th>
            <th scope="col">Processed</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <td>
                <Link to={`/campaigns/${campaign.id}`}>{campaign.name}</Link>
              </td>
              <td>{campaign.workflow_name}</td>
              <td>
                <CampaignStateBadge state={campaign.state} />
              </td>
              <td>
                <div className="campaign-progress">
                  <ProgressBar
                    value={campaign.processed_rows}
                    max={campaign.total_rows}
                    label={`${campaign.name}: processed contacts`}
                  />
                  <span className="campaign-progress-count">
                    {campaign.processed_rows} / {campaign.total_rows}
                  </span>
                </div>
              </td>
              <td>
                <time dateTime={campaign.created_at}>{formatDateTime(campaign.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
