import { useState } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { ConfigurationRow } from './ConfigurationRow';
import { NewConfigurationForm } from './NewConfigurationForm';
import { useConfigurations, useTelephonyMutation } from './telephony-queries';
import { TableScroll } from '../../ui/TableScroll';

/** The telephony configurations: list, create, set the default outbound one, delete. */
export function ConfigurationsPage() {
  const configurations = useConfigurations();
  const [creating, setCreating] = useState(false);
  const setDefault = useTelephonyMutation(async (id: number) =>
    unwrap(
      await api.POST('/api/v1/organizations/telephony-configs/{config_id}/set-default-outbound', {
        params: { path: { config_id: id } },
      }),
    ),
  );
  const remove = useTelephonyMutation(async (id: number) =>
    unwrap(
      await api.DELETE('/api/v1/organizations/telephony-configs/{config_id}', {
        params: { path: { config_id: id } },
      }),
    ),
  );

  const newButton = (
    <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>
      New configuration
    </button>
  );
  return (
    <section aria-labelledby="configurations-title">
      <div className="section-header">
        <h2 id="configurations-title">Telephony configurations</h2>
        {newButton}
      </div>
      {creating && <NewConfigurationForm onDone={() => setCreating(false)} />}
      <ErrorMessage error={setDefault.error ?? remove.error} />
      {configurations.isPending && <Loading />}
      {configurations.isError && <ErrorMessage error={configurations.error} />}
      {configurations.data?.length === 0 && !creating && (
        <EmptyState title="No telephony configuration yet">
          <p className="muted">
            Connect a provider (or the simulator, which places no real calls) to place calls.
          </p>
          {newButton}
        </EmptyState>
      )}
      {configurations.data && configurations.data.length > 0 && (
        <TableScroll>
          <table aria-label="Telephony configurations">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Provider</th>
                <th scope="col">Credentials</th>
                <th scope="col">Numbers</th>
                <th scope="col">Outbound</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {configurations.data.map((configuration) => (
                <ConfigurationRow
                  key={configuration.id}
                  configuration={configuration}
                  busy={setDefault.isPending || remove.isPending}
                  onSetDefault={() => setDefault.mutate(configuration.id)}
                  onDelete={() => remove.mutate(configuration.id)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
