/**
 * Document bytes to plain text, for each kind the knowledge base reads: UTF-8 text and Markdown as they are, HTML
 * through html-to-text, PDF through unpdf (PDF.js), DOCX through mammoth. The bytes are checked against the kind
 * first (a PDF starts with `%PDF-`, a DOCX is a ZIP that passes zip-guard.ts), and every parser runs under the limits
 * of limits.ts; anything else throws DocumentRejected with a sentence for `processing_error`.
 */
import { convert } from 'html-to-text';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DocumentKind } from './document-types';
import { MAX_DOCX_INFLATED_BYTES, MAX_PDF_PAGES, MAX_TEXT_CHARS, PARSE_TIMEOUT_MS } from './limits';
import { checkZip, ZipRejected } from './zip-guard';

export class DocumentRejected extends Error {}

export interface ParsedDocument {
  text: string;
  /** PDF: the text of each page (chunks record the page they start on). */
  pages?: string[];
}

/** The text of a document, or DocumentRejected. */
export async function parseDocument(bytes: Buffer, kind: DocumentKind): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentRejected('The file is empty.');
  const parsed = await withDeadline(parseByKind(bytes, kind), PARSE_TIMEOUT_MS, kind);
  const text = parsed.text.replace(/\r\n?/g, '\n').trim();
  if (text.length === 0) throw new DocumentRejected('The document has no text to index.');
  if (text.length > MAX_TEXT_CHARS)
    throw new DocumentRejected(`The document has more than ${MAX_TEXT_CHARS} characters of text.`);
  return { ...parsed, text };
}

async function parseByKind(bytes: Buffer, kind: DocumentKind): Promise<ParsedDocument> {
  switch (kind) {
    case 'text':
    case 'markdown':
      return { text: utf8Text(bytes, kind) };
    case 'html':
      return { text: convert(utf8Text(bytes, 'HTML'), HTML_OPTIONS) };
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return docxText(bytes);
  }
}

const HTML_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable' },
  ],
};

function utf8Text(bytes: Buffer, kind: string): string {
  const binary = bytes.subarray(0, 8192).includes(0);
  let text: string | null = null;
  if (!binary)
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
  if (text === null)
    throw new DocumentRejected(`The file is not UTF-8 text, so it cannot be read as ${kind}.`);
  return text.replace(/^\uFEFF/, '');
}

async function pdfText(bytes: Buffer): Promise<ParsedDocument> {
  if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new DocumentRejected('The file is not a PDF.');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true, verbosity: 0 });
  } catch (error) {
    throw new DocumentRejected(`The PDF cannot be read: ${(error as Error).message}`);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES)
      throw new DocumentRejected(`The PDF has ${pdf.numPages} pages; at most ${MAX_PDF_PAGES} are read.`);
    const { text } = await extractText(pdf, { mergePages: false }).catch((error: unknown) => {
      throw new DocumentRejected(`The PDF cannot be read: ${(error as Error).message}`);
    });
    return { text: text.join('\n\n'), pages: text };
  } finally {
    void pdf.loadingTask.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<ParsedDocument> {
  try {
    checkZip(bytes, MAX_DOCX_INFLATED_BYTES);
  } catch (error) {
    if (error instanceof ZipRejected)
      throw new DocumentRejected(`The file is not a readable DOCX: ${error.message}.`);
    throw error;
  }
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return { text: value };
  } catch (error) {
    throw new DocumentRejected(`The DOCX cannot be read: ${(error as Error).message}`);
  }
}

/** The work's result, or DocumentRejected once `ms` have passed (the parser is left to the garbage collector). */
async function withDeadline<T>(work: Promise<T>, ms: number, kind: DocumentKind): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DocumentRejected(`Reading the ${kind} took longer than ${ms / 1000} s.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
