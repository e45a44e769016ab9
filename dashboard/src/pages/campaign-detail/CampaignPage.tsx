import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { ActivityLog } from './ActivityLog';
import { CampaignActions } from './CampaignActions';
import { CampaignRuns } from './CampaignRuns';
import { formatDateTime } from '../../ui/date-time';
import { useCampaign, useRefreshOnStateChange, type Campaign } from './campaign-queries';
import { ImportCounts } from './ImportCounts';
import { ProgressPanel } from './ProgressPanel';
import { SettingsPanel } from './SettingsPanel';
import './campaign-detail.css';
import { useDocumentTitle } from '../../app/document-title';

/** The page of one campaign (`/campaigns/:campaignId`): actions, live progress, import, settings, log and runs. */
export function CampaignPage() {
  const { campaignId: raw } = useParams();
  const campaignId = Number(raw);
  if (!Number.isSafeInteger(campaignId) || campaignId < 1) return <CampaignNotFound />;
  // Keyed by id: moving to another campaign (e.g. its redial) starts from a fresh page state.
  return <CampaignView key={campaignId} campaignId={campaignId} />;
}

function CampaignView({ campaignId }: { campaignId: number }) {
  const campaign = useCampaign(campaignId);
  useDocumentTitle(campaign.data?.name, 'Campaigns');
  useRefreshOnStateChange(campaignId, campaign.data?.state);
  if (campaign.isPending) return <Loading label="Loading the campaign…" />;
  if (campaign.isError) {
    if (campaign.error instanceof ApiError && campaign.error.status === 404) return <CampaignNotFound />;
    return <ErrorMessage error={campaign.error} />;
  }
  const data = campaign.data;
  return (
    <article className="campaign-page" aria-labelledby="campaign-title">
      <p className="breadcrumbs">
        <Link to="/campaigns">Campaigns</Link>
      </p>
      <header className="page-header">
        <div className="campaign-title">
          <h1 id="campaign-title">{data.name}</h1>
          <span role="status" aria-label="Campaign state" className={`badge ${data.state}`}>
            {data.state}
          </span>
        </div>
        <CampaignActions campaignId={campaignId} state={data.state} />
      </header>
      <CampaignLineage campaign={data} />
      <ProgressPanel campaign={data} />
      <ImportCounts campaign={data} />
      <SettingsPanel campaign={data} />
      <ActivityLog campaignId={campaignId} state={data.state} />
      <CampaignRuns campaignId={campaignId} state={data.state} />
    </article>
  );
}

/** When the campaign was created, started and finished, and the campaigns it redials or was redialed by. */
function CampaignLineage({ campaign }: { campaign: Campaign }) {
  return (
    <p className="muted campaign-lineage">
      Created {formatDateTime(campaign.created_at)}
      {campaign.started_at && <> · started {formatDateTime(campaign.started_at)}</>}
      {campaign.completed_at && <> · finished {formatDateTime(campaign.completed_at)}</>}
      {campaign.parent_campaign_id !== null && (
        <>
          {' '}
          · redials{' '}
          <Link to={`/campaigns/${campaign.parent_campaign_id}`}>
            campaign #{campaign.parent_campaign_id}
          </Link>
        </>
      )}
      {campaign.redialed_campaign_id !== null && (
        <>
          {' '}
          · redialed by{' '}
          <Link to={`/campaigns/${campaign.redialed_campaign_id}`}>
            campaign #{campaign.redialed_campaign_id}
          </Link>
        </>
      )}
    </p>
  );
}

function CampaignNotFound() {
  return (
    <section>
      <h1>Campaign not found</h1>
      <p>
        There is no such campaign in your organization. <Link to="/campaigns">Back to campaigns</Link>.
      </p>
    </section>
  );
}
