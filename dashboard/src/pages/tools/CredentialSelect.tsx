import { Link } from 'react-router-dom';
import { SelectField } from '../../ui/Field';
import { credentialTypeLabel } from '../credentials/credential-types';
import { useCredentials } from '../credentials/credential-queries';

/**
 * The webhook credential a tool sends, chosen among the organization's; a stored uuid that names none of them (a
 * deleted credential) stays chosen and says so, so that saving does not drop it unseen.
 */
export function CredentialSelect({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (uuid: string) => void;
}) {
  const credentials = useCredentials();
  const options = (credentials.data ?? []).map((credential) => ({
    value: credential.uuid,
    label: `${credential.name} (${credentialTypeLabel(credential.credential_type)})`,
  }));
  if (value && credentials.data && !options.some((option) => option.value === value))
    options.push({ value, label: `Unknown credential ${value}` });
  return (
    <SelectField
      label="Credential"
      value={value}
      placeholder="None"
      options={options}
      error={error ?? (credentials.error ? credentials.error.message : undefined)}
      hint={
        <>
          Its header is added to every request. <Link to="/credentials">Manage credentials</Link>
        </>
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
