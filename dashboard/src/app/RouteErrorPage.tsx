import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './chunk-errors';
import { useDocumentTitle } from './document-title';

/**
 * What a route shows instead of its page when the page fails: its code could not be loaded (a tab left open across
 * a deploy), or it threw while drawing. Never the router's developer page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <NewVersionAvailable />;
  return <PageFailed error={error} />;
}

/** The same, for an error outside the signed-in layout (the layout itself, log in, sign up): with its own main. */
export function RootErrorPage() {
  return (
    <main className="page" id="content" tabIndex={-1}>
      <RouteErrorPage />
    </main>
  );
}

function NewVersionAvailable() {
  useDocumentTitle('New version available');
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">A new version of the dashboard is available</h1>
      <p>
        This page could not be loaded, most likely because the dashboard was updated after this tab was
        opened. Reload to get the new version.
      </p>
      <p>
        <ReloadButton />
      </p>
    </section>
  );
}

function PageFailed({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>This page failed to show. The error was:</p>
      <pre className="error-text">{errorText(error)}</pre>
      <p className="actions">
        <ReloadButton />
        <Link className="button" to="/campaigns">
          Go to campaigns
        </Link>
      </p>
    </section>
  );
}

function ReloadButton() {
  return (
    <button type="button" className="primary" onClick={() => window.location.reload()}>
      Reload
    </button>
  );
}

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}
