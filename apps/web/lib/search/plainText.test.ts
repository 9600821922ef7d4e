import { extractPlainText } from '@baalda/markdown';
import { getSchema } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { prosemirrorJSONToYDoc } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';

// The editor's own schema and Yjs binding, so the test reads a Y.Doc shaped exactly as typing makes it.
const schema = getSchema([StarterKit]);
const text = (value: string, marks?: { type: string }[]) => ({ type: 'text', text: value, ...(marks && { marks }) });

describe('note text from a Y.Doc', () => {
  it('[DOC4] core reads an editor-made doc one line per block, with inline formatting dropped, as the relay indexes it', () => {
    const doc = prosemirrorJSONToYDoc(
      schema,
      {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [text('Refund policy')] },
          { type: 'paragraph', content: [text('Paid within '), text('thirty', [{ type: 'bold' }]), text(' days.')] },
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [{ type: 'paragraph', content: [text('Receipts')] }] },
              { type: 'listItem', content: [{ type: 'paragraph', content: [text('Bank details')] }] },
            ],
          },
        ],
      },
      'default',
    );
    expect(extractPlainText(doc)).toBe('Refund policy\nPaid within thirty days.\nReceipts\nBank details');
  });

  it('[DOC4] an empty note has no text', () => {
    const empty = prosemirrorJSONToYDoc(schema, { type: 'doc', content: [{ type: 'paragraph' }] }, 'default');
    expect(extractPlainText(empty)).toBe('');
  });
});
