import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type ExtractionFailure, failed } from './extractionFailure';
import type { TextSink } from './textSink';

/** The parts of pdf.js's TextItem that placing text needs; marked-content items have no `str` and are skipped. */
interface PlacedText {
  readonly str: string;
  readonly hasEOL: boolean;
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
}

/**
 * The text of every page of a PDF, pages separated by an empty line. pdf.js runs in this process (its "fake
 * worker"): the whole process is the sandbox, and it never evaluates code from the file or loads fonts.
 */
export async function extractPdfText(bytes: Buffer, sink: TextSink): Promise<ExtractionFailure | undefined> {
  // Loaded here, not on top: only PDFs pay for loading pdf.js.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    for (let pageNumber = 1; pageNumber <= document.numPages && !sink.isFull; pageNumber++) {
      sink.append(`${pageNumber > 1 ? '\n\n' : ''}${await readPageText(document, pageNumber)}`);
    }
    return undefined;
  } catch (error) {
    return failed('CORRUPT_FILE', describePdfError(error));
  } finally {
    await task.destroy();
  }
}

async function readPageText(document: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const page = await document.getPage(pageNumber);
  const { items } = await page.getTextContent();
  // A page's parsed resources are not needed once its text is out; a long PDF would otherwise keep them all.
  page.cleanup();
  return joinPlacedText(items.flatMap((item) => ('str' in item ? [item] : [])));
}

/** Joins items as their positions suggest: a line break where the text moves down, a space across a gap. */
export function joinPlacedText(items: readonly PlacedText[]): string {
  let text = '';
  let previous: PlacedText | undefined;
  for (const item of items) {
    if (previous && !previous.hasEOL) text += separatorBetween(previous, item);
    text += item.hasEOL ? `${item.str}\n` : item.str;
    previous = item;
  }
  return text.trimEnd();
}

function separatorBetween(previous: PlacedText, next: PlacedText): string {
  const [previousX = 0, previousY = 0] = previous.transform.slice(4);
  const [nextX = 0, nextY = 0] = next.transform.slice(4);
  const lineHeight = Math.max(previous.height, next.height, 1);
  if (Math.abs(nextY - previousY) > lineHeight / 2) return '\n';
  const gap = nextX - (previousX + previous.width);
  const touchesSpace = /\s$/.test(previous.str) || /^\s/.test(next.str);
  return gap > lineHeight * 0.15 && !touchesSpace ? ' ' : '';
}

function describePdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  return name === 'PasswordException'
    ? 'The PDF is protected by a password, so its text cannot be read.'
    : 'The file is not a valid PDF, or it is damaged.';
}
