import { Link, useParams } from 'react-router-dom';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { AddPhoneNumberForm } from './AddPhoneNumberForm';
import { PhoneNumbersTable } from './PhoneNumbersTable';
import { usePhoneNumberMutations } from './phone-number-mutations';
import { useActiveAgents, useConfigurations, usePhoneNumbers } from './telephony-queries';

/** The phone numbers of one configuration: add one, choose the default caller, route inbound calls to an agent. */
export function PhoneNumbersPage() {
  const configId = Number(useParams().configId);
  const configurations = useConfigurations();
  const numbers = usePhoneNumbers(configId);
  const agents = useActiveAgents();
  const mutations = usePhoneNumberMutations(configId);
  const configuration = configurations.data?.find((candidate) => candidate.id === configId);

  if (configurations.isPending) return <Loading />;
  if (configurations.isError) return <ErrorMessage error={configurations.error} />;
  if (!configuration) {
    return (
      <section>
        <h2>Configuration not found</h2>
        <Link to="/telephony">Back to the configurations</Link>
      </section>
    );
  }
  const agentOptions = (agents.data ?? []).map((agent) => ({ value: String(agent.id), label: agent.name }));
  const { add, change, makeDefaultCaller, remove } = mutations;
  const lastSync = [add, change, remove].map((mutation) => mutation.data?.provider_sync).find(Boolean);
  return (
    <section aria-labelledby="numbers-title">
      <p>
        <Link to="/telephony">← Configurations</Link>
      </p>
      <h2 id="numbers-title">Phone numbers of {configuration.name}</h2>
      <p className="muted">
        {configuration.provider} ·{' '}
        {configuration.is_ready_for_outbound
          ? 'ready for outbound calls'
          : configuration.outbound_blocked_reason}
      </p>
      <AddPhoneNumberForm mutation={add} agentOptions={agentOptions} />
      <ErrorMessage error={change.error ?? makeDefaultCaller.error ?? remove.error ?? agents.error} />
      {lastSync && !lastSync.ok && (
        <div className="alert" role="alert">
          {lastSync.message}
        </div>
      )}
      {numbers.isPending && <Loading />}
      {numbers.isError && <ErrorMessage error={numbers.error} />}
      {numbers.data?.length === 0 && <p className="muted">No phone number yet.</p>}
      {numbers.data && numbers.data.length > 0 && (
        <PhoneNumbersTable numbers={numbers.data} agentOptions={agentOptions} mutations={mutations} />
      )}
    </section>
  );
}
