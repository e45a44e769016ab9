import { Link } from 'react-router-dom';
import { useAgents } from '../agents/agent-queries';
import { useConfigurations } from '../telephony/telephony-queries';

interface Step {
  name: string;
  why: string;
  to: string;
  done: boolean;
}

/**
 * "Get set up": the four things an organization needs before its first campaign calls anyone, each ticked from the
 * API's own data (asked again each time the page opens, so a step done on another page is ticked on coming back).
 * Shown until all four are done; nothing is stored in the browser. Hidden while loading or on an error (the page
 * around it says what went wrong with its own data).
 */
export function SetupChecklist({ hasCampaign }: { hasCampaign: boolean }) {
  const agents = useAgents('active', { staleTime: 0 });
  const configurations = useConfigurations({ staleTime: 0 });
  if (!agents.data || !configurations.data) return null;
  const only = configurations.data.length === 1 ? configurations.data[0] : undefined;
  const steps: Step[] = [
    {
      name: 'Create an agent',
      why: 'What your calls say: a graph of steps (the starting one is scripted and talks without an LLM).',
      to: '/agents/new',
      done: agents.data.length > 0,
    },
    {
      name: 'Add a telephony configuration',
      why: 'The line your calls go out on: a provider account, or the simulator to try things without real calls.',
      to: '/telephony',
      done: configurations.data.length > 0,
    },
    {
      name: 'Add a caller number',
      why: 'The number your calls come from: a phone number on a configuration, ideally its default caller.',
      to: only ? `/telephony/configs/${only.id}` : '/telephony',
      done: configurations.data.some((configuration) => configuration.phone_number_count > 0),
    },
    {
      name: 'Create a campaign',
      why: 'Who to call: a CSV of contacts, called by your agent on your line.',
      to: '/campaigns/new',
      done: hasCampaign,
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;
  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title">Get set up</h2>
      <p className="muted">
        {doneCount} of {steps.length} steps done.
      </p>
      <ol aria-label="Setup steps">
        {steps.map((step, index) => (
          <li key={step.name} className={step.done ? 'setup-step done' : 'setup-step'}>
            <span className="setup-step-mark" aria-hidden="true">
              {step.done ? '✓' : index + 1}
            </span>
            <div>
              <p className="setup-step-name">
                {step.done ? <span>{step.name}</span> : <Link to={step.to}>{step.name}</Link>}{' '}
                <span className="setup-step-state">{step.done ? 'Done' : 'To do'}</span>
              </p>
              <p className="muted">{step.why}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
