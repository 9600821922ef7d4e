import type { TextSink } from './textSink';

/**
 * Writes flowing text the way a browser lays it out: runs of whitespace become one space, block boundaries become
 * line breaks. Spaces and breaks are owed until more text follows, so the text never starts or ends with them and a
 * space next to a boundary disappears into the line break.
 */
export interface ReadableTextWriter {
  /** Text whose whitespace collapses. */
  writeFlowing(text: string): void;
  /** Text kept as written (inside <pre>). */
  writeVerbatim(text: string): void;
  /** A block element starts or ends: the next text goes on a new line, however many blocks end here. */
  endBlock(): void;
  /** A <br>: always one more line break, so two in a row leave an empty line. */
  breakLine(): void;
  /** Separates table cells. */
  writeTab(): void;
}

export function createReadableTextWriter(sink: TextSink): ReadableTextWriter {
  let hasText = false;
  let mayAddSpace = false;
  let owedBreaks = 0;
  let owesSpace = false;

  const payDebts = (): void => {
    if (owedBreaks > 0 && hasText) {
      sink.append('\n'.repeat(owedBreaks));
      mayAddSpace = false;
    } else if (owesSpace && mayAddSpace) sink.append(' ');
    owedBreaks = 0;
    owesSpace = false;
  };
  const write = (text: string, endsWithSpace: boolean): void => {
    payDebts();
    sink.append(text);
    hasText = true;
    mayAddSpace = !endsWithSpace;
  };

  return {
    writeFlowing(text) {
      // ' a b ' splits into ['', 'a', 'b', '']: every boundary between the pieces is a space.
      for (const [index, word] of text.split(/\s+/).entries()) {
        if (index > 0) owesSpace = true;
        if (word !== '') write(word, false);
      }
    },
    writeVerbatim(text) {
      if (text !== '') write(text, /\s$/.test(text));
    },
    endBlock() {
      owedBreaks = Math.max(owedBreaks, 1);
      owesSpace = false;
    },
    breakLine() {
      owedBreaks += 1;
      owesSpace = false;
    },
    writeTab() {
      owesSpace = false;
      write('\t', true);
    },
  };
}
