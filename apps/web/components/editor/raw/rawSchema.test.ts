import { getSchema } from '@tiptap/core';
import { initProseMirrorDoc, updateYFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { editorExtensions } from '../editorExtensions';

// Yjs shapes as core writes them: a raw block is an element of no attributes holding its source as one text,
// a raw inline piece an element with a `source` attribute and no children.
function element(name: string, children: Array<Y.XmlElement | Y.XmlText>, attrs: Record<string, string> = {}) {
  const node = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.insert(0, children);
  return node;
}
const text = (value: string) => {
  const node = new Y.XmlText();
  node.insert(0, value);
  return node;
};
const rawBlock = (source: string) => element('rawBlock', [text(source)]);
const rawInline = (source: string) => element('rawInline', [], { source });
const paragraph = (...children: Array<Y.XmlElement | Y.XmlText>) => element('paragraph', children);

function documentWithRawPieces(): Y.Doc {
  const doc = new Y.Doc();
  doc
    .getXmlFragment('default')
    .insert(0, [
      element('heading', [text('Sources '), rawInline('^top')]),
      paragraph(text('First line\nsecond line, a footnote'), rawInline('[^1]'), text(' and '), rawInline('<kbd>')),
      element('bulletList', [element('listItem', [paragraph(rawInline('$x^2$')), rawBlock('<details>\n</details>')])]),
      element('table', [element('tableRow', [element('tableCell', [rawBlock('$$\n1\n$$')])])]),
      element('callout', [rawBlock('%%\nhidden\n%%')], { kind: 'note' }),
      element('blockquote', [rawBlock('[docs]: https://example.com')]),
      rawBlock('[^1]: The footnote.'),
    ]);
  return doc;
}

describe('the schema and Markdown kept as typed', () => {
  it('[RAW4] raw pieces in headings, lists, table cells, callouts and quotes fit the schema, and reading them writes nothing', () => {
    const doc = documentWithRawPieces();
    const fragment = doc.getXmlFragment('default');
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const schema = getSchema(editorExtensions(new Y.Doc()));
    // As the editor's binding does: y-prosemirror deletes from the Y document what doesn't fit the schema as
    // it reads it, then writes back what the editor's document differs in. Both would be updates.
    const { doc: shown, meta } = initProseMirrorDoc(fragment, schema);
    shown.check();
    updateYFragment(doc, fragment, shown, meta);
    expect(updates).toEqual([]);
    expect(shown.child(1).textContent).toBe('First line\nsecond line, a footnote and ');
    expect(shown.child(6).type.name).toBe('rawBlock');
  });
});

describe('list spacing', () => {
  it('[RAW4] a loose list keeps its `loose` attribute as the editor reads it, and reading it writes nothing', () => {
    const doc = new Y.Doc();
    const list = element('bulletList', [element('listItem', [paragraph(text('one'))])]);
    // Core sets the attribute to `true`, as Tiptap's binding stores a boolean attribute.
    list.setAttribute('loose', true as unknown as string);
    doc.getXmlFragment('default').insert(0, [list]);
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const { doc: shown, meta } = initProseMirrorDoc(
      doc.getXmlFragment('default'),
      getSchema(editorExtensions(new Y.Doc())),
    );
    updateYFragment(doc, doc.getXmlFragment('default'), shown, meta);
    expect(updates).toEqual([]);
    expect(shown.child(0).attrs.loose).toBe(true);
  });
});
