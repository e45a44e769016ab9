import { useState } from 'react';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { formatDateTime } from '../../ui/date-time';
import { humanizeCode } from '../../ui/vocabulary';
import { useCampaignLogs } from './campaign-queries';
import { Pager } from '../../ui/Pager';
import { TableScroll } from '../../ui/TableScroll';

const LOG_PAGE_SIZE = 20;

/** The campaign's activity log, newest first, paged. */
export function ActivityLog({ campaignId, state }: { campaignId: number; state: string }) {
  const [page, setPage] = useState(1);
  const logs = useCampaignLogs(campaignId, page, LOG_PAGE_SIZE, state);
  return (
    <section aria-labelledby="campaign-log-title" className="campaign-section">
      <h2 id="campaign-log-title">Activity log</h2>
      {logs.isPending ? (
        <Loading label="Loading the activity log…" />
      ) : logs.isError ? (
        <ErrorMessage error={logs.error} />
      ) : logs.data.logs.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <>
          <TableScroll>
            <table aria-label="Activity log">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Event</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.logs.map((entry, index) => (
                  <tr key={`${entry.ts}-${entry.event}-${index}`} className={`log-${entry.level}`}>
                    <td className="nowrap">{formatDateTime(entry.ts)}</td>
                    <td>
                      <span className={`badge log-level-${entry.level}`}>{humanizeCode(entry.event)}</span>
                    </td>
                    <td>{entry.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager label="Activity log pages" page={page} totalPages={logs.data.total_pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
