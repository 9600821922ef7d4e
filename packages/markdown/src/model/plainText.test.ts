import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EDITOR_FRAGMENT, extractPlainText } from './plainText';

function element(name: string, ...children: Array<Y.XmlElement | Y.XmlText>): Y.XmlElement {
  const node = new Y.XmlElement(name);
  node.insert(0, children);
  return node;
}

describe('extractPlainText (DOC4)', () => {
  it('[DOC4] gives one line per block, inline text joined, nested blocks in document order', () => {
    const doc = new Y.Doc();
    const bold = new Y.XmlText();
    bold.insert(0, 'bold', { bold: true });
    doc
      .getXmlFragment(EDITOR_FRAGMENT)
      .insert(0, [
        element('heading', new Y.XmlText('Title')),
        element('paragraph', new Y.XmlText('plain '), bold),
        element('bulletList', element('listItem', element('paragraph', new Y.XmlText('one'))), new Y.XmlText('tail')),
        element('paragraph'),
      ]);
    expect(extractPlainText(doc)).toBe('Title\nplain bold\none\ntail');
  });

  it('[DOC4] reads a note nested 50,000 elements deep without overflowing the stack (a hostile provider sent one)', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      let parent: Y.XmlFragment | Y.XmlElement = doc.getXmlFragment(EDITOR_FRAGMENT);
      for (let level = 0; level < 50_000; level += 1) {
        const child = new Y.XmlElement('blockquote');
        parent.insert(0, [child]);
        parent = child;
      }
      parent.insert(0, [new Y.XmlText('bottom')]);
    });
    expect(extractPlainText(doc)).toBe('bottom');
  });
});
