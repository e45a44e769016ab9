import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { TableScroll } from '../../ui/TableScroll';
import { campaignKey } from './campaign-queries';

const SHOWN = 20;

/**
 * The rows the import set aside (GET /campaign/{id}/rejected-rows): the first 20 with their reasons in words and the
 * phone cell as read, and every one of them as CSV.
 */
export function RejectedRows({ campaignId, count }: { campaignId: number; count: number }) {
  const rejected = useQuery({
    queryKey: [...campaignKey(campaignId), 'rejected-rows', count],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}/rejected-rows', {
          params: { path: { campaign_id: campaignId }, query: { page: 1, limit: SHOWN } },
        }),
      ),
  });
  const rows = rejected.data?.rows ?? [];
  return (
    <section aria-labelledby="campaign-rejected-title">
      <h3 id="campaign-rejected-title">Rows set aside</h3>
      <p>
        <a href={`/api/v1/campaign/${campaignId}/rejected-rows/csv`} download>
          Download all {count} as CSV
        </a>
        {count > SHOWN ? ` (the first ${SHOWN} below)` : ''}
      </p>
      {rows.length > 0 && (
        <TableScroll>
          <table aria-label="Rows set aside">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Phone cell</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.row_number}>
                  <td>{row.row_number}</td>
                  <td>{phoneCellOf(row.row)}</td>
                  <td>{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** The row's phone number cell as read (the import's column name varies in case and spacing). */
function phoneCellOf(row: Record<string, unknown>): string {
  const key = Object.keys(row).find((name) => name.toLowerCase().replace(/[\s_-]/g, '') === 'phonenumber');
  const value = key ? row[key] : undefined;
  return typeof value === 'string' && value ? value : '—';
}
