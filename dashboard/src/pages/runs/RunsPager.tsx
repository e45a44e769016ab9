import { SelectField } from '../../ui/Field';
import { PAGE_SIZES } from './run-filters';

interface RunsPagerProps {
  page: number;
  totalPages: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Previous and next page, where we are, and how many runs a page shows. */
export function RunsPager({ page, totalPages, limit, onPage, onLimit }: RunsPagerProps) {
  const sizes = PAGE_SIZES.includes(limit as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, limit];
  return (
    <nav className="runs-pager" aria-label="Pages">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, Math.max(totalPages, 1)))}
      >
        Previous page
      </button>
      <span aria-live="polite">
        Page {page.toLocaleString()} of {Math.max(totalPages, 1).toLocaleString()}
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
      <div className="runs-page-size">
        <SelectField
          label="Rows per page"
          value={String(limit)}
          options={sizes.sort((a, b) => a - b).map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(event) => onLimit(Number(event.target.value))}
        />
      </div>
    </nav>
  );
}
