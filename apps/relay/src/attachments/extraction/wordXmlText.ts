import { Parser } from 'htmlparser2';
import type { TextSink } from './textSink';

/**
 * Streams WordprocessingML (a DOCX's word/document.xml) into text: each paragraph a line, table cells separated by
 * tabs and each table row a line. Only `w:t` holds visible text; field codes and deleted text live in other elements
 * and are skipped by that alone.
 */
export interface WordXmlReader {
  write(xml: string): void;
  end(): void;
}

export function createWordXmlReader(sink: TextSink): WordXmlReader {
  const writer = createWordTextWriter(sink);
  const parser = new Parser(createWordHandler(writer), { xmlMode: true, decodeEntities: true });
  return { write: (xml) => parser.write(xml), end: () => parser.end() };
}

/** Line breaks are owed until text follows, so a document never ends in empty lines. */
function createWordTextWriter(sink: TextSink) {
  let hasText = false;
  let owedBreaks = 0;
  const write = (text: string): void => {
    if (hasText && owedBreaks > 0) sink.append('\n'.repeat(owedBreaks));
    owedBreaks = 0;
    sink.append(text);
    hasText = true;
  };
  const breakLine = (): void => {
    owedBreaks += 1;
  };
  return { write, breakLine };
}

type WordTextWriter = ReturnType<typeof createWordTextWriter>;

/** Prefixes are the document's choice; the element names after them are the standard's. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function createWordHandler(writer: WordTextWriter) {
  let textDepth = 0;
  let runDepth = 0;
  let cellDepth = 0;
  let cellsInRow = 0;
  let paragraphsInCell = 0;
  return {
    onopentag(name: string) {
      const element = localName(name);
      if (element === 't') textDepth += 1;
      else if (element === 'r') runDepth += 1;
      else if (element === 'tr') cellsInRow = 0;
      else if (element === 'tc') {
        if (cellsInRow > 0) writer.write('\t');
        cellsInRow += 1;
        cellDepth += 1;
        paragraphsInCell = 0;
      } else if (element === 'p' && cellDepth > 0) {
        if (paragraphsInCell > 0) writer.write(' ');
        paragraphsInCell += 1;
      } else if (runDepth > 0) writeRunBreak(element, writer);
    },
    onclosetag(name: string) {
      const element = localName(name);
      if (element === 't') textDepth = Math.max(0, textDepth - 1);
      else if (element === 'r') runDepth = Math.max(0, runDepth - 1);
      else if (element === 'tc') cellDepth = Math.max(0, cellDepth - 1);
      else if (element === 'tr' || (element === 'p' && cellDepth === 0)) writer.breakLine();
    },
    ontext(text: string) {
      if (textDepth > 0) writer.write(text);
    },
  };
}

/** Only inside a run: the `w:tab` elements of a paragraph's properties are tab stops, not tabs. */
function writeRunBreak(element: string, writer: WordTextWriter): void {
  if (element === 'tab') writer.write('\t');
  else if (element === 'br' || element === 'cr') writer.breakLine();
}
