import { applyMarkdownEdit } from '@baalda/markdown';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { firstHeadingText } from './firstHeading';

function docOf(markdown: string): Y.Doc {
  const doc = new Y.Doc();
  applyMarkdownEdit(doc, markdown);
  return doc;
}

describe('the first heading of a note (TTL3)', () => {
  it('[TTL3] is the text of a first level-1 heading, marks and breaks read as text', () => {
    expect(firstHeadingText(docOf('# Refund **policy**<br>2025\n\nBody'))).toBe('Refund policy 2025');
  });

  it('[TTL3] is null when the note starts with anything else', () => {
    expect(firstHeadingText(docOf('## Refund policy\n'))).toBeNull();
    expect(firstHeadingText(docOf('Refund policy\n\n# Later\n'))).toBeNull();
    expect(firstHeadingText(new Y.Doc())).toBeNull();
  });
});
