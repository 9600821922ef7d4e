import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { type GrammarName, grammarsNeededBy } from './codeGrammars';
import {
  grammarsGenerationNow,
  type HighlightSpan,
  highlightCode,
  loadGrammars,
  shouldLoadGrammar,
} from './codeHighlighter';
import { codeLanguageOf } from './codeLanguages';

/** The highlighting of a document, and the grammars its blocks name that no one has asked for yet. */
export interface CodeHighlightState {
  readonly decorations: DecorationSet;
  readonly missing: readonly GrammarName[];
}

/** A block's spans, with the grammars generation they were worked out in. */
interface CachedSpans {
  readonly generation: number;
  readonly spans: readonly HighlightSpan[];
}

/** A meta on this key says grammars arrived: the plugin highlights again without a change to the text. */
export const codeHighlightKey = new PluginKey<CodeHighlightState>('codeHighlight');

/**
 * Highlights every `blockName` node by its language (CODE1), loading grammars the first time a block needs
 * them and highlighting again once they arrive (CODE3). Blocks are highlighted from scratch on any change
 * to the document, typed or synced, but a block left unchanged (the same node) reuses its spans.
 */
export function codeHighlightPlugin(blockName: string): Plugin<CodeHighlightState> {
  // Nodes are immutable and kept across transactions while unchanged, so a node is a good cache key.
  const cache = new WeakMap<ProseMirrorNode, CachedSpans>();
  return new Plugin<CodeHighlightState>({
    key: codeHighlightKey,
    state: {
      init: (_config, state) => highlightDocument(state.doc, blockName, cache),
      apply: (tr, previous, _oldState, newState) =>
        tr.docChanged || tr.getMeta(codeHighlightKey) ? highlightDocument(newState.doc, blockName, cache) : previous,
    },
    props: {
      decorations: (state) => codeHighlightKey.getState(state)?.decorations,
    },
    view: (view) => grammarRequester(view),
  });
}

function highlightDocument(
  doc: ProseMirrorNode,
  blockName: string,
  cache: WeakMap<ProseMirrorNode, CachedSpans>,
): CodeHighlightState {
  const decorations: Decoration[] = [];
  const missing = new Set<GrammarName>();
  doc.descendants((node, pos) => {
    // Inline content never holds a code block: only blocks are worth descending into.
    if (node.type.name !== blockName) return !node.isTextblock;
    const language = codeLanguageOf(node.attrs.language);
    if (!language) return false;
    for (const grammar of grammarsNeededBy(language.grammar)) {
      if (shouldLoadGrammar(grammar)) missing.add(grammar);
    }
    for (const span of spansOf(node, language.grammar, cache)) {
      const { from, to, className } = span;
      // The spec repeats the class: decorations keep their attributes private, and tests read what was marked.
      decorations.push(Decoration.inline(pos + 1 + from, pos + 1 + to, { class: className }, { className }));
    }
    return false;
  });
  return { decorations: DecorationSet.create(doc, decorations), missing: [...missing] };
}

function spansOf(
  block: ProseMirrorNode,
  grammar: GrammarName,
  cache: WeakMap<ProseMirrorNode, CachedSpans>,
): readonly HighlightSpan[] {
  const generation = grammarsGenerationNow();
  const cached = cache.get(block);
  // A grammar arriving since may be one this block embeds (CSS in HTML), so older spans are worked out again.
  if (cached?.generation === generation) return cached.spans;
  const spans = highlightCode(grammar, block.textContent);
  if (spans === null) return [];
  cache.set(block, { generation, spans });
  return spans;
}

/**
 * Asks for the grammars the document's blocks are missing, each once per editor, and has the plugin
 * highlight again when they arrive.
 */
function grammarRequester(view: EditorView) {
  const requested = new Set<GrammarName>();
  let destroyed = false;
  const requestMissing = () => {
    const wanted = (codeHighlightKey.getState(view.state)?.missing ?? []).filter((grammar) => !requested.has(grammar));
    if (wanted.length === 0) return;
    for (const grammar of wanted) requested.add(grammar);
    void loadGrammars(wanted).then(() => {
      if (!destroyed) view.dispatch(view.state.tr.setMeta(codeHighlightKey, true));
    });
  };
  requestMissing();
  return {
    update: requestMissing,
    destroy: () => {
      destroyed = true;
    },
  };
}
