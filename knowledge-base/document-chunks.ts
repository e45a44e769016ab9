/**
 * A parsed document's chunks as they are stored: `chunked` documents cut by chunking.ts (a PDF chunk records the page
 * it starts on, a Markdown chunk the heading path it belongs to, searched beside its text), a `full_document` one
 * kept whole.
 */
import type { RetrievalMode } from '../db/database';
import { chunkText, headingFor, markdownHeadings, pageAt } from './chunking';
import type { DocumentKind } from './document-types';
import { MAX_FULL_DOCUMENT_CHARS } from './limits';
import { DocumentRejected, type ParsedDocument } from './parse';

export interface StoredChunk {
  text: string;
  context: string | null;
  metadata: Record<string, unknown>;
}

export function documentChunks(
  document: { kind: DocumentKind; retrievalMode: RetrievalMode },
  parsed: ParsedDocument,
): StoredChunk[] {
  if (document.retrievalMode === 'full_document') {
    if (parsed.text.length > MAX_FULL_DOCUMENT_CHARS)
      throw new DocumentRejected(
        `The document has more than ${MAX_FULL_DOCUMENT_CHARS} characters, too many to hand over whole; ` +
          'use retrieval_mode "chunked".',
      );
    return [{ text: parsed.text, context: null, metadata: { start: 0, end: parsed.text.length } }];
  }
  const headings = document.kind === 'markdown' ? markdownHeadings(parsed.text) : [];
  return chunkText(parsed.text).map((chunk) => {
    const context = headingFor(headings, chunk);
    return {
      text: chunk.text,
      context,
      metadata: {
        start: chunk.start,
        end: chunk.end,
        ...(parsed.pages ? { page: pageAt(parsed.pages, chunk.start) } : {}),
        ...(context ? { heading: context } : {}),
      },
    };
  });
}
