import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { formatDateTime } from '../../ui/date-time';
import { campaignKey } from './campaign-queries';

/**
 * Before a campaign starts: how many of its contacts would be held now rather than dialed (GET /campaign/{id}/forecast
 * reads its file as the import will: windows closed by legal hours or the schedule, numbers held by the caps), and
 * when the first window opens. Nothing when every contact can be called at once, or while the file is being read.
 */
export function StartWarning({ campaignId }: { campaignId: number }) {
  const forecast = useQuery({
    queryKey: [...campaignKey(campaignId), 'forecast'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/campaign/{campaign_id}/forecast', {
          params: { path: { campaign_id: campaignId } },
        }),
      ),
    // A large file is read in the background (202, partial): asked again until it is done.
    refetchInterval: (query) => (query.state.data?.partial ? 2_000 : false),
  });
  const data = forecast.data;
  if (!data || data.partial) return null;
  const held = data.contacts.waiting_for_window + data.contacts.over_cap;
  if (held === 0) return null;
  const first = data.next_openings[0];
  return (
    <p className="start-warning" role="note" aria-label="Held when started">
      {held === data.contacts.total ? 'All' : `${held} of ${data.contacts.total}`} contacts would be held if
      you start now: outside their calling window (legal calling hours or the schedule)
      {data.contacts.over_cap > 0 ? ' or held by the frequency caps' : ''}. They are called once it opens
      {first ? `, the first at ${formatDateTime(first.at, first.timezone)} (${first.timezone})` : ''}.
    </p>
  );
}
