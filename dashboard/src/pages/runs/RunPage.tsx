import { Link, useLocation, useParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { ContextTable } from './ContextTable';
import { ConversationView } from './ConversationView';
import { RunArtifacts } from './RunArtifacts';
import { RunFacts } from './RunFacts';
import { useRun } from './run-queries';
import { runStatusBadge, runStatusLabel } from './run-status';
import './runs.css';
import { useDocumentTitle } from '../../app/document-title';

/** The runs list address the user came from (its filters), carried in the link's state. */
function useBackToList(): string {
  const state = useLocation().state as { listSearch?: unknown } | null;
  const search = typeof state?.listSearch === 'string' ? state.listSearch : '';
  return search ? `/runs?${search}` : '/runs';
}

/** One run: its facts, the conversation, the recording and downloads, and what the conversation gathered. */
export function RunPage() {
  const { runId = '' } = useParams();
  const backTo = useBackToList();
  const id = /^[1-9]\d{0,15}$/.test(runId) ? Number(runId) : null;
  const run = useRun(id);
  useDocumentTitle(`Run #${runId}`, 'Runs');
  const back = (
    <p className="run-back">
      <Link to={backTo}>← All runs</Link>
    </p>
  );

  if (id === null || run.data === null) {
    return (
      <section>
        {back}
        <EmptyState title="Run not found">
          <p className="muted">This organization has no run #{runId}.</p>
        </EmptyState>
      </section>
    );
  }
  if (run.isPending) return <Loading label="Loading the run…" />;
  if (!run.data) {
    return (
      <section>
        {back}
        <ErrorMessage error={run.error} />
      </section>
    );
  }

  const { summary, detail } = run.data;
  return (
    <article className="run-page" aria-labelledby="run-title">
      {back}
      <div className="page-header">
        <h1 id="run-title">Run #{detail.id}</h1>
        <span className={runStatusBadge(detail)} role="status" aria-label="Run status">
          {runStatusLabel(detail)}
        </span>
      </div>
      <p className="muted run-subtitle">
        {summary.workflow_name} · {detail.name}
        {detail.campaign_id ? (
          <>
            {' · '}
            <Link to={`/campaigns/${detail.campaign_id}`}>Campaign #{detail.campaign_id}</Link>
            {detail.contact
              ? `, contact row ${detail.contact.row_number} (${detail.contact.phone_number})`
              : ''}
          </>
        ) : null}
      </p>
      <ErrorMessage error={run.error} />
      <RunFacts summary={summary} detail={detail} />
      <div className="run-columns">
        <section aria-labelledby="run-conversation" className="run-conversation">
          <h2 id="run-conversation">Conversation</h2>
          <ConversationView detail={detail} />
        </section>
        <div className="run-side">
          <RunArtifacts detail={detail} />
          <ContextTable
            title="Gathered context"
            context={detail.gathered_context}
            empty="Nothing gathered yet."
          />
          <ContextTable
            title="Initial context"
            context={detail.initial_context}
            empty="No initial context."
          />
        </div>
      </div>
    </article>
  );
}
