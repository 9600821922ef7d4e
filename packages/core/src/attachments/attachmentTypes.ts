import { extensionOf } from '../paths/notePath';

/** How the relay reads an attachment's text (ATT4); null: the file is kept and found by name only. */
export type ExtractionFormat = 'plain' | 'markdown' | 'csv' | 'json' | 'html' | 'pdf' | 'docx';

/** What a file is, read from its name (ATT3): the type it is served as and how its text is read. */
export interface AttachmentType {
  readonly mimeType: string;
  readonly format: ExtractionFormat | null;
  /** ATT6: safe to show inside the app (no script can run in it); other types are only downloaded. */
  readonly inline: boolean;
}

const OCTET_STREAM: AttachmentType = { mimeType: 'application/octet-stream', format: null, inline: false };

// ATT3: by extension, lower case. Text types are served as text/plain when shown, so an HTML or SVG file
// can never run script in the app's origin (ATT6).
const TYPES_BY_EXTENSION: Readonly<Record<string, AttachmentType>> = {
  '.txt': { mimeType: 'text/plain', format: 'plain', inline: true },
  '.text': { mimeType: 'text/plain', format: 'plain', inline: true },
  '.log': { mimeType: 'text/plain', format: 'plain', inline: true },
  '.markdown': { mimeType: 'text/markdown', format: 'markdown', inline: true },
  '.mdown': { mimeType: 'text/markdown', format: 'markdown', inline: true },
  '.mkd': { mimeType: 'text/markdown', format: 'markdown', inline: true },
  '.csv': { mimeType: 'text/csv', format: 'csv', inline: true },
  '.tsv': { mimeType: 'text/tab-separated-values', format: 'csv', inline: true },
  '.json': { mimeType: 'application/json', format: 'json', inline: true },
  '.html': { mimeType: 'text/html', format: 'html', inline: false },
  '.htm': { mimeType: 'text/html', format: 'html', inline: false },
  '.pdf': { mimeType: 'application/pdf', format: 'pdf', inline: true },
  '.docx': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    format: 'docx',
    inline: false,
  },
  '.png': { mimeType: 'image/png', format: null, inline: true },
  '.jpg': { mimeType: 'image/jpeg', format: null, inline: true },
  '.jpeg': { mimeType: 'image/jpeg', format: null, inline: true },
  '.gif': { mimeType: 'image/gif', format: null, inline: true },
  '.webp': { mimeType: 'image/webp', format: null, inline: true },
  '.svg': { mimeType: 'image/svg+xml', format: null, inline: false },
  '.zip': { mimeType: 'application/zip', format: null, inline: false },
};

/**
 * ATT3: an attachment's type from its path's extension, never from what the uploader claimed: the relay
 * decides how a file is read and served, so a file can't talk its way into being shown as HTML.
 * @example attachmentTypeOf('Reports/Q3.PDF').format // 'pdf'
 */
export function attachmentTypeOf(path: string): AttachmentType {
  return TYPES_BY_EXTENSION[extensionOf(path).toLowerCase()] ?? OCTET_STREAM;
}

/** The extensions whose text is extracted (ATT4), for pickers and documentation. */
export function extractableExtensions(): string[] {
  return Object.entries(TYPES_BY_EXTENSION)
    .filter(([, type]) => type.format !== null)
    .map(([extension]) => extension);
}
