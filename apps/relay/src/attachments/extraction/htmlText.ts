import { Parser } from 'htmlparser2';
import { decodeText } from './decodeText';
import { createReadableTextWriter, type ReadableTextWriter } from './readableText';
import type { TextSink } from './textSink';

/** Their contents are code or markup, never text a reader sees. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'noscript', 'template']);

const BLOCK_ELEMENTS = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup'],
  ...['hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot'],
  ...['thead', 'title', 'tr', 'ul'],
]);

/** Parsing in slices lets a huge page stop as soon as the sink is full. */
const SLICE_CHARS = 64 * 1024;

/** An HTML page's readable text: what a browser would show, line breaks where blocks and <br> put them. */
export function extractHtmlText(bytes: Uint8Array, sink: TextSink): void {
  const html = decodeText(bytes);
  const parser = new Parser(createTextHandler(createReadableTextWriter(sink)), { decodeEntities: true });
  for (let start = 0; start < html.length && !sink.isFull; start += SLICE_CHARS) {
    parser.write(html.slice(start, start + SLICE_CHARS));
  }
  parser.end();
}

function createTextHandler(writer: ReadableTextWriter) {
  let hiddenDepth = 0;
  let preDepth = 0;
  let cellsInRow = 0;
  return {
    onopentag(name: string) {
      if (HIDDEN_ELEMENTS.has(name)) hiddenDepth += 1;
      if (name === 'pre') preDepth += 1;
      if (name === 'br') writer.breakLine();
      else if (name === 'tr') cellsInRow = 0;
      else if (name === 'td' || name === 'th') {
        if (cellsInRow > 0) writer.writeTab();
        cellsInRow += 1;
      }
      if (BLOCK_ELEMENTS.has(name)) writer.endBlock();
    },
    onclosetag(name: string) {
      if (HIDDEN_ELEMENTS.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
      if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
      if (BLOCK_ELEMENTS.has(name)) writer.endBlock();
    },
    ontext(text: string) {
      if (hiddenDepth > 0) return;
      if (preDepth > 0) writer.writeVerbatim(text);
      else writer.writeFlowing(text);
    },
  };
}
