import type { createLowlight } from 'lowlight';
import { GRAMMAR_LOADERS, type GrammarName } from './codeGrammars';

type Lowlight = ReturnType<typeof createLowlight>;

/** A run of a code block's text that gets highlight.js classes, by offsets into the block's text. */
export interface HighlightSpan {
  readonly from: number;
  readonly to: number;
  readonly className: string;
}

/** The part of lowlight's tree (hast) that spans are read from. */
interface HighlightNode {
  readonly type: string;
  readonly value?: string;
  readonly properties?: { readonly className?: unknown };
  readonly children?: readonly HighlightNode[];
}

// One highlighter per page, shared by every editor, so a grammar is fetched and compiled once. lowlight
// itself is loaded with the first grammar: a note without code needs neither.
let lowlightLoading: Promise<Lowlight> | null = null;
let lowlight: Lowlight | null = null;
const loadingGrammars = new Map<GrammarName, Promise<void>>();
const readyGrammars = new Set<GrammarName>();
const failedGrammars = new Set<GrammarName>();
let grammarsGeneration = 0;

/** Counts the grammars made ready so far: highlighting worked out before a newer count may be missing parts. */
export function grammarsGenerationNow(): number {
  return grammarsGeneration;
}

/** True while `grammar` is neither ready nor failed: a block that needs it should ask for it. */
export function shouldLoadGrammar(grammar: GrammarName): boolean {
  return !readyGrammars.has(grammar) && !failedGrammars.has(grammar);
}

/**
 * Loads and registers `grammars` (each once per page, however many blocks ask). A grammar that can't be
 * loaded (a chunk missing offline, say) is not tried again until the page reloads; its blocks stay plain.
 */
export async function loadGrammars(grammars: readonly GrammarName[]): Promise<void> {
  await Promise.all(grammars.map(loadGrammar));
}

function loadGrammar(grammar: GrammarName): Promise<void> {
  const loading = loadingGrammars.get(grammar);
  if (loading) return loading;
  const registered = Promise.all([loadLowlight(), GRAMMAR_LOADERS[grammar]()]).then(
    ([instance, module]) => {
      instance.register(grammar, module.default);
      readyGrammars.add(grammar);
      grammarsGeneration++;
    },
    (error: unknown) => {
      failedGrammars.add(grammar);
      console.warn(`Code blocks in ${grammar} stay plain: its grammar could not be loaded`, error);
    },
  );
  loadingGrammars.set(grammar, registered);
  return registered;
}

function loadLowlight(): Promise<Lowlight> {
  lowlightLoading ??= import('lowlight').then(({ createLowlight }) => {
    lowlight = createLowlight();
    return lowlight;
  });
  return lowlightLoading;
}

/** The highlighted runs of `code` in `grammar`, or null while the grammar isn't ready. */
export function highlightCode(grammar: GrammarName, code: string): HighlightSpan[] | null {
  if (!lowlight || !readyGrammars.has(grammar)) return null;
  return spansOf(lowlight.highlight(grammar, code).children);
}

/**
 * Flattens lowlight's nested elements into runs of text, each with the classes of every element around
 * it (`hljs-function hljs-title`), as inline decorations want them.
 */
export function spansOf(nodes: readonly HighlightNode[]): HighlightSpan[] {
  const spans: HighlightSpan[] = [];
  let offset = 0;
  const visit = (node: HighlightNode, classes: readonly string[]) => {
    if (node.children) {
      const own = node.properties?.className;
      const inner = Array.isArray(own) ? [...classes, ...own.map(String)] : classes;
      for (const child of node.children) visit(child, inner);
      return;
    }
    const length = node.type === 'text' ? (node.value?.length ?? 0) : 0;
    if (length > 0 && classes.length > 0)
      spans.push({ from: offset, to: offset + length, className: classes.join(' ') });
    offset += length;
  };
  for (const node of nodes) visit(node, []);
  return spans;
}
