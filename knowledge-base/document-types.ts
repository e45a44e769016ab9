/**
 * The kinds of document the knowledge base reads, by file name and declared type at upload, and by the bytes at
 * ingestion: the bytes decide (a `.pdf` that is not a PDF fails with a clear error).
 */

export type DocumentKind = 'text' | 'markdown' | 'html' | 'pdf' | 'docx';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const MIME_OF: Record<DocumentKind, string> = {
  text: 'text/plain',
  markdown: 'text/markdown',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: DOCX_MIME,
};

const BY_EXTENSION: Record<string, DocumentKind> = {
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
  docx: 'docx',
};

/** The declared types accepted for each kind (browsers send some of these for Markdown and plain text). */
const ACCEPTED_MIME: Record<DocumentKind, string[]> = {
  text: ['text/plain'],
  markdown: ['text/markdown', 'text/x-markdown', 'text/plain'],
  html: ['text/html'],
  pdf: ['application/pdf'],
  docx: [DOCX_MIME],
};

export const SUPPORTED_EXTENSIONS = Object.keys(BY_EXTENSION);

/** The kind a file name names, or null for an extension the knowledge base does not read. */
export function kindOfFileName(fileName: string): DocumentKind | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/** True when `mimeType` (parameters such as `; charset=utf-8` ignored) fits the kind. */
export function acceptsMimeType(kind: DocumentKind, mimeType: string): boolean {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  return ACCEPTED_MIME[kind].includes(bare);
}
