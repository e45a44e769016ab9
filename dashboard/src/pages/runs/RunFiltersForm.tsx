import type { FormEvent } from 'react';
import { SelectField, TextField } from '../../ui/Field';
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

/**
 * The runs list's filters. Dates and selects apply at once; the disposition codes apply on Enter or when the field
 * is left (typing does not reload the list at every key).
 */
export function RunFiltersForm({ filters, onChange, onClear }: RunFiltersFormProps) {
  const agents = useAgentOptions();
  const campaigns = useCampaignOptions();

  function applyDisposition(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('disposition') ?? '').trim();
    if (value !== filters.disposition) onChange({ disposition: value });
  }

  return (
    <form className="card run-filters" aria-label="Filter runs" onSubmit={applyDisposition}>
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
      <TextField
        // Keyed by the applied value, so that going back in history shows the codes of that address.
        key={filters.disposition}
        label="Disposition"
        name="disposition"
        defaultValue={filters.disposition}
        placeholder="e.g. interested, busy"
        hint="One code or several, separated by commas; Enter applies."
        onBlur={(event) => event.currentTarget.form?.requestSubmit()}
      />
      <div className="run-filters-actions">
        <button type="submit">Apply</button>
        {onClear && (
          <button type="button" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
