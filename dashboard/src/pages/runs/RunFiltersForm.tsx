import { SelectField, TextField } from '../../ui/Field';
import { useDispositionOptions } from './disposition-options';
import type { RunFilters } from './run-filters';
import { useAgentOptions, useCampaignOptions } from './run-queries';

type Option = { value: string; label: string };

/** The options, with the chosen one kept even before the list has loaded (or once its item is gone). */
function withChosen(options: Option[] | undefined, chosen: string, label: (id: string) => string): Option[] {
  const list = options ?? [];
  if (!chosen || list.some((option) => option.value === chosen)) return list;
  return [...list, { value: chosen, label: label(chosen) }];
}

interface RunFiltersFormProps {
  filters: RunFilters;
  onChange: (next: Partial<RunFilters>) => void;
  /** Absent when no filter is set. */
  onClear: (() => void) | undefined;
}

/** The runs list's filters; each applies at once and lives in the address. */
export function RunFiltersForm({ filters, onChange, onClear }: RunFiltersFormProps) {
  const agents = useAgentOptions();
  const campaigns = useCampaignOptions();
  const dispositions = useDispositionOptions(filters.agent, filters.disposition);

  return (
    <form className="card run-filters" aria-label="Filter runs" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      <SelectField
        label="Agent"
        value={filters.agent}
        placeholder="All agents"
        options={withChosen(agents.data, filters.agent, (id) => `Agent #${id}`)}
        onChange={(event) => onChange({ agent: event.target.value })}
      />
      <SelectField
        label="Campaign"
        value={filters.campaign}
        placeholder="All campaigns"
        options={withChosen(campaigns.data, filters.campaign, (id) => `Campaign #${id}`)}
        onChange={(event) => onChange({ campaign: event.target.value })}
      />
      <SelectField
        label="Disposition"
        name="disposition"
        value={filters.disposition}
        placeholder="All dispositions"
        options={dispositions}
        onChange={(event) => onChange({ disposition: event.target.value })}
      />
      <div className="run-filters-actions">
        {onClear && (
          <button type="button" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
