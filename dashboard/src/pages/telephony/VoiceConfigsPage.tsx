import { useState } from 'react';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { displayValue } from './metadata-fields';
import { NewVoiceConfigForm } from './NewVoiceConfigForm';
import { VOICE_SECTIONS, useVoiceConfigurations, useVoiceMutations } from './voice-queries';
import { TableScroll } from '../../ui/TableScroll';

/** The voice configurations agents name: speech-to-text, text-to-speech and LLM vendors. */
export function VoiceConfigsPage() {
  const configurations = useVoiceConfigurations();
  const { create, remove } = useVoiceMutations();
  const [creating, setCreating] = useState(false);
  const newButton = (
    <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>
      New voice configuration
    </button>
  );
  return (
    <section aria-labelledby="voice-title">
      <div className="section-header">
        <h2 id="voice-title">Voice configurations</h2>
        {newButton}
      </div>
      {creating && <NewVoiceConfigForm mutation={create} onDone={() => setCreating(false)} />}
      <ErrorMessage error={remove.error} />
      {configurations.isPending && <Loading />}
      {configurations.isError && <ErrorMessage error={configurations.error} />}
      {configurations.data?.length === 0 && !creating && (
        <EmptyState title="No voice configuration yet">
          <p className="muted">
            Without one, agents speak with the local voice and the operator's language model.
          </p>
          {newButton}
        </EmptyState>
      )}
      {configurations.data && configurations.data.length > 0 && (
        <TableScroll>
          <table aria-label="Voice configurations">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {VOICE_SECTIONS.map((section) => (
                  <th scope="col" key={section.key}>
                    {section.title}
                  </th>
                ))}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {configurations.data.map((configuration) => (
                <tr key={configuration.id}>
                  <th scope="row">{configuration.name}</th>
                  {VOICE_SECTIONS.map((section) => (
                    <td key={section.key}>
                      <SectionSummary
                        values={configuration[section.key]}
                        empty={section.key === 'stt' ? 'None' : 'Default'}
                      />
                    </td>
                  ))}
                  <td>
                    <ConfirmActionButton
                      label="Delete"
                      accessibleName={`Delete ${configuration.name}`}
                      question={`Delete ${configuration.name}?`}
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(configuration.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** A section's vendor and its fields as stored (secrets masked by the API). */
function SectionSummary({ values, empty }: { values: Record<string, unknown> | null; empty: string }) {
  if (!values) return <span className="muted">{empty}</span>;
  const { provider, ...fields } = values;
  return (
    <dl className="credentials">
      <div>
        <dt>provider</dt>
        <dd>{displayValue(provider)}</dd>
      </div>
      {Object.entries(fields).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{displayValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
