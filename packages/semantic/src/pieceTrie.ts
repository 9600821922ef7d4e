/** A vocabulary entry as the model ships it: a piece and its log-probability (a few entries carry `null`). */
export type VocabularyEntry = readonly [piece: string, score: number | null];

/** A piece the trie knows, as the Viterbi pass needs it. */
export interface PieceMatch {
  readonly id: number;
  readonly score: number;
  /** In code points, like the positions the tokenizer walks. */
  readonly length: number;
}

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  piece?: PieceMatch;
}

/** The vocabulary's pieces by their code points, for prefix search at any position of a text. */
export interface PieceTrie {
  readonly root: TrieNode;
}

/** Builds the trie from `vocabulary`, skipping the first `reservedCount` (control) entries. */
export function buildPieceTrie(vocabulary: readonly VocabularyEntry[], reservedCount: number): PieceTrie {
  const root: TrieNode = { children: new Map() };
  for (let id = reservedCount; id < vocabulary.length; id++) {
    const [piece, score] = vocabulary[id] ?? ['', null];
    // `null + x` is `x` in the original, so a null score counts as 0. A piece listed twice keeps its last id,
    // as there.
    insertPiece(root, [...piece], { id, score: score ?? 0, length: [...piece].length });
  }
  return { root };
}

function insertPiece(root: TrieNode, symbols: readonly string[], match: PieceMatch): void {
  let node = root;
  for (const symbol of symbols) {
    let child = node.children.get(symbol);
    if (!child) {
      child = { children: new Map() };
      node.children.set(symbol, child);
    }
    node = child;
  }
  if (node !== root) node.piece = match;
}

/**
 * Calls `visit` with every piece that starts at `symbols[start]`, shortest first. The walk reads the symbols in
 * place and stops where the trie does, so it costs at most the longest piece's length (16 code points in the
 * USE vocabulary), whatever the text's length.
 */
export function visitPiecesAt(
  trie: PieceTrie,
  symbols: readonly string[],
  start: number,
  visit: (match: PieceMatch) => void,
): void {
  let node = trie.root.children.get(symbols[start] ?? '');
  for (let position = start + 1; node; position++) {
    if (node.piece) visit(node.piece);
    const next = symbols[position];
    node = next === undefined ? undefined : node.children.get(next);
  }
}
