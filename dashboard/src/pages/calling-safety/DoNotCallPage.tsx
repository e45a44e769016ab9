import { useEffect, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { AddNumbersForm } from './AddNumbersForm';
import { DoNotCallTable } from './DoNotCallTable';
import { DO_NOT_CALL_EXPORT_URL, useDoNotCallMutations, useDoNotCallPage } from './do-not-call-queries';
import { ImportNumbersForm } from './ImportNumbersForm';

const PAGE_SIZE = 50;
/** The API's highest page number (far past any list's end). */
const MAX_PAGE = 1_000_000;

/** A whole page number from the address, within what the API accepts; else 1. */
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
};

/**
 * The organization's do-not-call list: add numbers, import a CSV, search (kept in the address with the page), page
 * through, remove, and download it all as CSV.
 */
export function DoNotCallPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = pageOf(params.get('page'));
  const list = useDoNotCallPage({ search, page, limit: PAGE_SIZE });
  const { add, remove, importFile } = useDoNotCallMutations();
  const go = (next: { search?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextSearch = next.search ?? search;
    if (nextSearch) query.set('search', nextSearch);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  };
  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({ search: String(new FormData(event.currentTarget).get('search') ?? '').trim(), page: 1 });
  }
  const searchError = list.error instanceof ApiError ? list.error.forField('search') : undefined;
  const total = list.data?.total_count ?? 0;
  const totalPages = Math.ceil(total / PAGE_SIZE);
  // Past the end (the last number of the last page removed, or an old address): the last page instead.
  const pastTheEnd = list.data !== undefined && total > 0 && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) go({ page: totalPages });
  });

  return (
    <section aria-labelledby="dnc-title" aria-busy={list.isFetching}>
      <h2 id="dnc-title">Do-not-call list</h2>
      <p className="muted">
        No campaign or one-off call of this organization dials a listed number: it is checked when contacts
        are queued and again just before each call. People who opt out during a call are added here by
        themselves.
      </p>
      <div className="dnc-forms">
        <AddNumbersForm mutation={add} />
        <ImportNumbersForm mutation={importFile} />
      </div>
      <div className="dnc-toolbar">
        {/* Keyed on the search so that going back in history shows the search it went back to. */}
        <form
          key={search}
          className="dnc-search"
          role="search"
          aria-label="Search numbers"
          onSubmit={submitSearch}
        >
          <TextField
            label="Number contains"
            name="search"
            defaultValue={search}
            inputMode="tel"
            maxLength={32}
            error={searchError}
          />
          <button type="submit">Search</button>
          {search && (
            <button type="button" onClick={() => go({ search: '', page: 1 })}>
              Clear
            </button>
          )}
        </form>
        <a className="button" href={DO_NOT_CALL_EXPORT_URL} download="do-not-call.csv">
          Export CSV
        </a>
      </div>
      {!searchError && <ErrorMessage error={list.error} />}
      <ErrorMessage error={remove.error} />
      {list.isPending && <Loading label="Loading the list…" />}
      {list.data && total === 0 && (
        <EmptyState title={search ? 'No listed number matches' : 'No number on the list'}>
          <p className="muted">
            {search
              ? 'Try fewer digits.'
              : 'Add numbers above, or import a CSV, to keep campaigns from calling them.'}
          </p>
        </EmptyState>
      )}
      {list.data && total > 0 && (
        <>
          <p className="dnc-total" role="status">
            {total.toLocaleString()} {total === 1 ? 'number' : 'numbers'}
            {search ? ' match' : ' on the list'}
          </p>
          <DoNotCallTable
            entries={list.data.entries}
            busy={remove.isPending}
            onRemove={(number) => remove.mutate(number)}
          />
          <Pager
            label="Do-not-call list pages"
            page={page}
            totalPages={totalPages}
            onPage={(next) => go({ page: next })}
          />
        </>
      )}
    </section>
  );
}
