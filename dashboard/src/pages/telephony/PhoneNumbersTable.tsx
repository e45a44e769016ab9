import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import type { usePhoneNumberMutations } from './phone-number-mutations';
import type { PhoneNumber } from './telephony-queries';
import { TableScroll } from '../../ui/TableScroll';

interface PhoneNumbersTableProps {
  numbers: PhoneNumber[];
  agentOptions: Array<{ value: string; label: string }>;
  mutations: ReturnType<typeof usePhoneNumberMutations>;
}

/** The numbers of a configuration, each with its inbound agent, default caller choice and removal. */
export function PhoneNumbersTable({ numbers, agentOptions, mutations }: PhoneNumbersTableProps) {
  const { change, makeDefaultCaller, remove } = mutations;
  const busy = change.isPending || makeDefaultCaller.isPending || remove.isPending;
  return (
    <TableScroll>
      <table aria-label="Phone numbers">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Label</th>
            <th scope="col">Inbound agent</th>
            <th scope="col">Default caller</th>
            <th scope="col">Active</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {numbers.map((number) => (
            <tr key={number.id}>
              <th scope="row">{number.address_normalized}</th>
              <td>{number.label ?? <span className="muted">—</span>}</td>
              <td>
                <select
                  aria-label={`Inbound agent for ${number.address_normalized}`}
                  value={number.inbound_workflow_id === null ? '' : String(number.inbound_workflow_id)}
                  disabled={busy}
                  onChange={(event) => {
                    const value = event.target.value;
                    const body = value
                      ? { inbound_workflow_id: Number(value) }
                      : { clear_inbound_workflow: true };
                    change.mutate({ id: number.id, body });
                  }}
                >
                  <option value="">None</option>
                  {withCurrentAgent(agentOptions, number).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {number.is_default_caller_id ? (
                  <span className="badge running">Default caller</span>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => makeDefaultCaller.mutate(number.id)}
                    aria-label={`Make default caller: ${number.address_normalized}`}
                  >
                    Make default caller
                  </button>
                )}
              </td>
              <td>
                {number.is_active ? 'Yes' : 'No'}{' '}
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  aria-label={`${number.is_active ? 'Deactivate' : 'Activate'} ${number.address_normalized}`}
                  onClick={() => change.mutate({ id: number.id, body: { is_active: !number.is_active } })}
                >
                  ({number.is_active ? 'deactivate' : 'activate'})
                </button>
              </td>
              <td>
                <ConfirmActionButton
                  label="Delete"
                  accessibleName={`Delete ${number.address_normalized}`}
                  question={`Delete ${number.address_normalized}?`}
                  disabled={busy}
                  onConfirm={() => remove.mutate(number.id)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The agent options, plus the number's own agent when it is no longer active (so the select can show it). */
function withCurrentAgent(options: Array<{ value: string; label: string }>, number: PhoneNumber) {
  const current = number.inbound_workflow_id;
  if (current === null || options.some((option) => option.value === String(current))) return options;
  return [...options, { value: String(current), label: number.inbound_workflow_name ?? `Agent ${current}` }];
}
