import { Link } from 'react-router-dom';
import { EndpointState } from './EndpointState';
import type { WebhookEndpoint } from './webhook-queries';
import { TableScroll } from '../../ui/TableScroll';

/** The endpoints: URL (a link to the endpoint's page), description, events, state. */
export function EndpointsTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  return (
    <TableScroll>
      <table aria-label="Webhook endpoints" className="endpoints-table">
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Description</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <th scope="row" className="endpoint-url">
                <Link to={`/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
              </th>
              <td>{endpoint.description ?? <span className="muted">None</span>}</td>
              <td>{endpoint.events.includes('*') ? 'Every event' : endpoint.events.join(', ')}</td>
              <td>
                <EndpointState endpoint={endpoint} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
