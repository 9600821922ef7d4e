import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { headingPosition } from './headingPosition';

const schema = getSchema([StarterKit]);

function docOf(...blocks: Array<[level: number | null, text: string]>): ProseMirrorNode {
  return ProseMirrorNode.fromJSON(schema, {
    type: 'doc',
    content: blocks.map(([level, text]) =>
      level === null
        ? { type: 'paragraph', content: [{ type: 'text', text }] }
        : { type: 'heading', attrs: { level }, content: [{ type: 'text', text }] },
    ),
  });
}

describe('the heading a link names', () => {
  it('[LINK6] is found by its text, spaces collapsed and any case; a nested name by its last part', () => {
    const doc = docOf([1, 'Roadmap'], [null, 'Goals are below.'], [2, 'Q3  Goals'], [3, 'Risks']);
    const goals = headingPosition(doc, 'q3 goals');
    expect(goals).not.toBeNull();
    expect(doc.resolve(goals ?? 0).parent.textContent).toBe('Q3  Goals');
    expect(doc.resolve(headingPosition(doc, 'Q3 Goals#Risks') ?? 0).parent.textContent).toBe('Risks');
    expect(headingPosition(doc, 'Goals are below.')).toBeNull();
    expect(headingPosition(doc, 'Nowhere')).toBeNull();
    expect(headingPosition(doc, '  ')).toBeNull();
  });
});
