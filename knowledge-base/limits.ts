/** The limits every uploaded document is held to: hostile or broken files end as `failed`, never hang ingestion. */

/** Largest file accepted (bytes); a presigned S3 PUT cannot enforce it, so ingestion checks the stored size. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** Most pages read from a PDF. */
export const MAX_PDF_PAGES = 500;
/** Longest a parser may take on one file. */
export const PARSE_TIMEOUT_MS = 30_000;
/** Most bytes a DOCX's entries may inflate to, all together (a zip bomb stops here). */
export const MAX_DOCX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Most characters of text kept from one document. */
export const MAX_TEXT_CHARS = 5_000_000;
/** Most characters of a `full_document` document (kept whole, as one chunk). */
export const MAX_FULL_DOCUMENT_CHARS = 200_000;
