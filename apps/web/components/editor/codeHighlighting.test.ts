import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { HighlightedCodeBlock } from './codeBlocks';
import { loadGrammars } from './codeHighlighter';
import { codeHighlightKey, codeHighlightPlugin } from './codeHighlighting';

// Grammars stay loaded for the worker, which other test files share: these use ruby and HTML, no one else.
const schema = getSchema([StarterKit.configure({ undoRedo: false, codeBlock: false }), HighlightedCodeBlock]);

function stateWith(blocks: object[]): EditorState {
  const doc = schema.nodeFromJSON({ type: 'doc', content: blocks });
  return EditorState.create({ doc, plugins: [codeHighlightPlugin('codeBlock')] });
}

function codeBlock(language: string | null, text: string) {
  return { type: 'codeBlock', attrs: { language }, content: [{ type: 'text', text }] };
}

/** Each highlighted run as [its text, its classes]. */
function highlighted(state: EditorState): [string, string][] {
  const decorations = codeHighlightKey.getState(state)?.decorations.find() ?? [];
  return decorations.map((decoration) => [
    state.doc.textBetween(decoration.from, decoration.to),
    String(decoration.spec.className),
  ]);
}

async function afterGrammarsArrive(state: EditorState): Promise<EditorState> {
  await loadGrammars(codeHighlightKey.getState(state)?.missing ?? []);
  return state.apply(state.tr.setMeta(codeHighlightKey, true));
}

describe('code highlighting plugin', () => {
  it('[CODE3] a block asks for its grammar, is plain until it arrives, then highlighted; others stay plain', async () => {
    const state = stateWith([
      { type: 'paragraph', content: [{ type: 'text', text: 'def intro' }] },
      codeBlock('Ruby', 'def hi; end'),
      codeBlock('klingon', 'def hi; end'),
      codeBlock(null, 'def hi; end'),
    ]);
    expect(codeHighlightKey.getState(state)?.missing).toEqual(['ruby']);
    expect(highlighted(state)).toEqual([]);

    const loaded = await afterGrammarsArrive(state);
    expect(codeHighlightKey.getState(loaded)?.missing).toEqual([]);
    expect(highlighted(loaded)).toEqual([
      ['def', 'hljs-keyword'],
      ['hi', 'hljs-title function_'],
      ['end', 'hljs-keyword'],
    ]);

    // A change anywhere is highlighted at once, with the positions after it.
    const rubyText = loaded.doc.child(0).nodeSize + 1;
    const typed = loaded.apply(loaded.tr.insertText('class A; ', rubyText));
    expect(highlighted(typed).slice(0, 2)).toEqual([
      ['class', 'hljs-keyword'],
      ['def', 'hljs-keyword'],
    ]);
  });

  it('[CODE3] HTML loads the grammars it hands its style and script to, and highlights them too', async () => {
    const state = stateWith([codeBlock('html', '<style>p { color: red }</style>')]);
    expect(codeHighlightKey.getState(state)?.missing).toEqual(['xml', 'css', 'javascript']);
    const loaded = await afterGrammarsArrive(state);
    expect(highlighted(loaded)).toContainEqual(['style', 'hljs-tag hljs-name']);
    // lowlight marks a part in another grammar with that grammar's name.
    expect(highlighted(loaded)).toContainEqual(['p', 'css hljs-selector-tag']);
    expect(highlighted(loaded)).toContainEqual(['color', 'css hljs-attribute']);
  });
});
