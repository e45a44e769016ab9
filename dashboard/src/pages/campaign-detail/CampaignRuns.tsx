import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { formatDateTime } from '../../ui/date-time';
import { IN_PROGRESS_LABEL, outcomeLabel } from '../../ui/vocabulary';
import { formatDuration } from './campaign-format';
import { useCampaignRuns } from './campaign-queries';
import { Pager } from '../../ui/Pager';
import { TableScroll } from '../../ui/TableScroll';

const RUNS_PAGE_SIZE = 20;

/** The campaign's runs (one per call attempt), newest first, each linking to its run page. */
export function CampaignRuns({ campaignId, state }: { campaignId: number; state: string }) {
  const [page, setPage] = useState(1);
  const runs = useCampaignRuns(campaignId, page, RUNS_PAGE_SIZE, state);
  return (
    <section aria-labelledby="campaign-runs-title" className="campaign-section">
      <h2 id="campaign-runs-title">
        Runs{runs.data ? <span className="muted"> ({runs.data.total_count})</span> : null}
      </h2>
      {runs.isPending ? (
        <Loading label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorMessage error={runs.error} />
      ) : runs.data.runs.length === 0 ? (
        <p className="muted">No calls yet.</p>
      ) : (
        <>
          <TableScroll>
            <table aria-label="Runs">
              <thead>
                <tr>
                  <th scope="col">Run</th>
                  <th scope="col">Phone number</th>
                  <th scope="col">Disposition</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.runs.map((run) => (
                  <tr key={run.id}>
                    <td>
                      <Link to={`/runs/${run.id}`}>#{run.id}</Link>
                    </td>
                    <td>{run.phone_number ?? '—'}</td>
                    <td>{run.disposition ? outcomeLabel(run.disposition) : IN_PROGRESS_LABEL}</td>
                    <td>{formatDuration(run.call_duration_seconds)}</td>
                    <td className="nowrap">{formatDateTime(run.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager label="Runs pages" page={page} totalPages={runs.data.total_pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
