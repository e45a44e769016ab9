import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { useKnowledgeSearch, type Passage } from './knowledge-base-queries';

/** Where a passage is in its document: the PDF page, the Markdown heading path, or nothing known. */
function placeOf(passage: Passage): string | null {
  const { page, heading } = passage.chunk_metadata;
  const parts = [
    typeof page === 'number' ? `page ${page}` : null,
    typeof heading === 'string' && heading ? heading : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function PassageCard({ passage, rank }: { passage: Passage; rank: number }) {
  const place = placeOf(passage);
  return (
    <li className="passage">
      <article aria-label={`Passage ${rank} from ${passage.filename}`}>
        <header className="passage-header">
          <strong>{passage.filename}</strong>
          {place && <span className="muted">{place}</span>}
          <span className="badge" title="The text rank scaled to 0–1, not a cosine similarity">
            Similarity {passage.similarity.toFixed(2)}
          </span>
        </header>
        <p className="passage-text">{passage.chunk_text}</p>
      </article>
    </li>
  );
}

/**
 * A question asked of the organization's completed documents, as an agent's search_knowledge_base asks it: the best
 * passages with their file, place and similarity.
 */
export function SearchPanel() {
  const search = useKnowledgeSearch();
  const [query, setQuery] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.trim()) search.mutate(query.trim());
  }
  const results = search.data;
  return (
    <section className="card knowledge-search" aria-labelledby="knowledge-search-title">
      <h2 id="knowledge-search-title">Search</h2>
      <form
        className="knowledge-search-form"
        role="search"
        aria-label="Search the knowledge base"
        onSubmit={submit}
      >
        <TextField
          label="Question or words"
          type="search"
          value={query}
          hint="Searches the completed documents, as an agent does during a call."
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" disabled={search.isPending || !query.trim()}>
          {search.isPending ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ErrorMessage error={search.error} />
      {results && results.chunks.length === 0 && (
        <p role="status" className="muted">
          No passage matches “{results.query}”.
        </p>
      )}
      {results && results.chunks.length > 0 && (
        <ol className="passages" aria-label={`Passages for “${results.query}”`}>
          {results.chunks.map((passage, index) => (
            <PassageCard key={passage.id} passage={passage} rank={index + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}
