import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { RunFiltersForm } from './RunFiltersForm';
import { hasActiveFilters, readRunFilters, runFiltersToParams, type RunFilters } from './run-filters';
import { useRunsPage } from './run-queries';
import { RunsPager } from './RunsPager';
import { RunsTable, RunTotals } from './RunsTable';
import './runs.css';

/** The organization's runs: filters kept in the address, totals over the filtered set, one page at a time. */
export function RunsListPage() {
  const [params, setParams] = useSearchParams();
  const filters = readRunFilters(params);
  const runs = useRunsPage(filters);
  // A filter change starts again at page 1; paging passes its own page.
  const change = (next: Partial<RunFilters>) =>
    setParams(runFiltersToParams({ ...filters, page: 1, ...next }));
  const clear = () =>
    setParams(
      runFiltersToParams({ ...filters, from: '', to: '', agent: '', campaign: '', disposition: '', page: 1 }),
    );
  const filtered = hasActiveFilters(filters);

  return (
    <section className="runs-page" aria-busy={runs.isFetching}>
      <div className="page-header">
        <h1>Runs</h1>
      </div>
      <RunFiltersForm filters={filters} onChange={change} onClear={filtered ? clear : undefined} />
      <ErrorMessage error={runs.error} />
      {runs.isPending && <Loading label="Loading runs…" />}
      {runs.data && runs.data.total_count === 0 && (
        <EmptyState title={filtered ? 'No runs match these filters' : 'No runs yet'}>
          {filtered ? (
            <button type="button" onClick={clear}>
              Clear filters
            </button>
          ) : (
            <p className="muted">
              Every call a campaign places, and every text chat with an agent, becomes a run here.
            </p>
          )}
        </EmptyState>
      )}
      {runs.data && runs.data.total_count > 0 && (
        <>
          <RunTotals envelope={runs.data} />
          <RunsTable runs={runs.data.runs} listSearch={params.toString()} />
          <RunsPager
            page={filters.page}
            totalPages={runs.data.total_pages}
            limit={filters.limit}
            onPage={(page) => change({ page })}
            onLimit={(limit) => change({ limit })}
          />
        </>
      )}
    </section>
  );
}
