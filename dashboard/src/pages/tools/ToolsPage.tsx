import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { SelectField } from '../../ui/Field';
import { ToolsTable } from './ToolsTable';
import { TOOL_CATEGORIES } from './tool-draft';
import { useTools, type ToolFilters } from './tool-queries';
import './tools.css';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];
const CATEGORY_OPTIONS = TOOL_CATEGORIES.map(({ value, label }) => ({ value, label }));

/** The filters in the address (`?status=archived&category=mcp`); anything else reads as the default. */
function filtersOf(params: URLSearchParams): ToolFilters {
  const status = params.get('status');
  const category = params.get('category') ?? '';
  return {
    status: status === 'archived' || status === 'all' ? status : 'active',
    category: TOOL_CATEGORIES.some((item) => item.value === category) ? category : '',
  };
}

/** The organization's tools, filtered by status and category (kept in the address), and a link to make one. */
export function ToolsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const tools = useTools(filters);
  const setFilter = (key: keyof ToolFilters, value: string) => {
    const next = { ...filters, [key]: value };
    const search: Record<string, string> = {};
    if (next.status !== 'active') search.status = next.status;
    if (next.category) search.category = next.category;
    setParams(search);
  };
  return (
    <div className="tools">
      <div className="page-header">
        <h1>Tools</h1>
        <Link className="button primary" to="/tools/new">
          New tool
        </Link>
      </div>
      <p className="muted">
        Functions an agent&apos;s LLM may call during a call or a chat: your own HTTP APIs, ending or
        transferring the call, a calculator, the tools of an MCP server. Choose them per node in an
        agent&apos;s graph editor.
      </p>
      <form className="tool-filters" aria-label="Tool filters" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <SelectField
          label="Category"
          value={filters.category}
          placeholder="Every category"
          options={CATEGORY_OPTIONS}
          onChange={(event) => setFilter('category', event.target.value)}
        />
      </form>
      {tools.isPending && <Loading />}
      <ErrorMessage error={tools.error} />
      {tools.data?.length === 0 && (
        <EmptyState title={filters.status === 'archived' ? 'No archived tool' : 'No tool'}>
          <p className="muted">
            {filters.status === 'archived' || filters.category ? (
              'No tool matches these filters.'
            ) : (
              <>
                <Link to="/tools/new">Make a tool</Link>, then offer it at a node of an agent.
              </>
            )}
          </p>
        </EmptyState>
      )}
      {tools.data && tools.data.length > 0 && <ToolsTable tools={tools.data} />}
    </div>
  );
}
