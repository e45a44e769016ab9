import { Link } from 'react-router-dom';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { displayValue } from './metadata-fields';
import type { TelephonyConfiguration } from './telephony-queries';

interface ConfigurationRowProps {
  configuration: TelephonyConfiguration;
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** One configuration in the list: its credentials as the API shows them (secrets masked), readiness and actions. */
export function ConfigurationRow({ configuration, busy, onSetDefault, onDelete }: ConfigurationRowProps) {
  const { name, provider, credentials } = configuration;
  const shown = Object.entries(credentials).filter(([key]) => key !== 'provider');
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{provider}</td>
      <td>
        {shown.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <dl className="credentials">
            {shown.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{displayValue(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
      <td>{configuration.phone_number_count}</td>
      <td>
        {configuration.is_default_outbound && <span className="badge running">Default</span>}{' '}
        {configuration.is_ready_for_outbound ? (
          <span className="muted">Ready</span>
        ) : (
          <span className="muted">
            {configuration.outbound_blocked_reason ?? configuration.inactive_reason}
          </span>
        )}
      </td>
      <td>
        <div className="actions">
          <Link className="button" to={`configs/${configuration.id}`} aria-label={`Phone numbers of ${name}`}>
            Phone numbers
          </Link>
          {!configuration.is_default_outbound && (
            <button
              type="button"
              disabled={busy}
              onClick={onSetDefault}
              aria-label={`Make default outbound: ${name}`}
            >
              Make default
            </button>
          )}
          <ConfirmActionButton
            label="Delete"
            accessibleName={`Delete ${name}`}
            question={`Delete ${name} and its numbers?`}
            disabled={busy}
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}
