import type { RetrievalMode } from './document-upload';

/** The retrieval modes by their names on the page. */
export const RETRIEVAL_MODE_LABELS: Record<RetrievalMode, string> = {
  chunked: 'Chunked',
  full_document: 'Whole document',
};

/** The choices of the upload form, with what each does. */
export const RETRIEVAL_MODE_OPTIONS = [
  { value: 'chunked', label: 'Chunked: the best passages of about 1,200 characters' },
  {
    value: 'full_document',
    label: 'Whole document: all of its text when it matches (200,000 characters at most)',
  },
] satisfies Array<{ value: RetrievalMode; label: string }>;
