import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../ui/Feedback';
import { LabelledCheckbox } from '../../../ui/LabelledCheckbox';
import { useDocuments } from '../../knowledge-base/knowledge-base-queries';

/**
 * The knowledge-base documents the LLM may search at a node (`document_uuids`): the organization's completed
 * documents to choose from, and every uuid the node already names that is not one of them (a document still being
 * indexed, a failed or deleted one) shown checked with what it is, so that a save never drops one unseen.
 */
export function DocumentChoice({
  chosen,
  error,
  onChange,
}: {
  chosen: string[];
  error: string | undefined;
  onChange: (uuids: string[]) => void;
}) {
  const documents = useDocuments();
  const all = documents.data ?? [];
  const completed = all.filter((document) => document.processing_status === 'completed');
  // What the node named when the panel opened stays listed once unchecked, so that it can be checked again.
  const [named] = useState(chosen);
  const others = [...new Set([...named, ...chosen])].filter(
    (uuid) => !completed.some((document) => document.document_uuid === uuid),
  );
  const toggle = (uuid: string, on: boolean) =>
    onChange(on ? [...chosen, uuid] : chosen.filter((other) => other !== uuid));
  return (
    <fieldset className="tool-choice" aria-busy={documents.isPending}>
      <legend>Knowledge base documents</legend>
      <p className="hint">The LLM searches these for passages that answer the caller at this step.</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ErrorMessage error={documents.error} />
      {documents.isPending && <p className="hint">Loading the documents…</p>}
      {documents.data && completed.length === 0 && others.length === 0 && (
        <p className="hint">
          The knowledge base has no completed document. <Link to="/knowledge-base">Upload one</Link>
        </p>
      )}
      {completed.map((document) => (
        <LabelledCheckbox
          key={document.document_uuid}
          label={document.filename}
          checked={chosen.includes(document.document_uuid)}
          onChange={(event) => toggle(document.document_uuid, event.target.checked)}
        />
      ))}
      {documents.data &&
        others.map((uuid) => {
          const known = all.find((document) => document.document_uuid === uuid);
          return (
            <LabelledCheckbox
              key={uuid}
              label={known ? `${known.filename} (${known.processing_status})` : `Unknown document ${uuid}`}
              hint={
                known
                  ? 'Found only once its indexing has completed. Uncheck to remove it from this step.'
                  : 'No document of this knowledge base has this id: nothing is found from it. Uncheck to remove it.'
              }
              checked={chosen.includes(uuid)}
              onChange={(event) => toggle(uuid, event.target.checked)}
            />
          );
        })}
    </fieldset>
  );
}
