import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../app/document-title';

/** An /app/ path the dashboard does not know (the server answers every /app/* path with the page). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <Link to="/campaigns">Go to campaigns</Link>.
      </p>
    </section>
  );
}
