import { ErrorMessage, Loading } from '../../ui/Feedback';
import { CallingRulesForm } from './CallingRulesForm';
import { useCallingRules } from './calling-rules-queries';

/** The organization's calling rules: legal calling hours and frequency caps. */
export function CallingRulesPage() {
  const rules = useCallingRules();
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">Calling rules</h2>
      <p className="muted">
        These apply to every campaign and one-off call of the organization, on top of each campaign&rsquo;s
        own schedule.
      </p>
      {rules.isPending && <Loading label="Loading the rules…" />}
      <ErrorMessage error={rules.error} />
      {/* The form starts from the rules as first loaded and then holds what the person typed. */}
      {rules.data && <CallingRulesForm saved={rules.data} />}
    </section>
  );
}
