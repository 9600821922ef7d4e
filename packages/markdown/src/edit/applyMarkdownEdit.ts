import * as Y from 'yjs';
import { keepingLinksOf, takeTypedLinkTexts } from '../links/linkPasses';
import type { NoteLinkResolver } from '../links/noteLinkResolver';
import {
  type EditorNode,
  type EditorText,
  editorNodeOf,
  fingerprintOf,
  hasSameShape,
  isEditorText,
  TEXT_BLOCKS,
  textRunsOf,
  visibleMarksKey,
  yNodesOf,
  yTextOf,
} from '../model/editorModel';
import { EDITOR_FRAGMENT } from '../model/plainText';
import { documentContentOfMarkdown } from '../parse/parseMarkdown';
import { withoutTrailingEmptyParagraphs } from '../write/writeMarkdown';
import { diffLines } from './diffLines';

/** The transaction origin of Markdown edits when the caller names none, so observers can tell them apart. */
export const MARKDOWN_EDIT_ORIGIN = 'markdown-edit';

type YChild = Y.XmlElement | Y.XmlText;

/**
 * MD4: makes the note's content what `markdown` parses to, changing as little as possible in one
 * transaction: unchanged blocks are not touched, a changed block of the same kind is edited in place (down
 * to the characters that differ), so people editing elsewhere — even in the same paragraph — keep their
 * edits when the updates merge. Trailing empty paragraphs are left as they are. `[[links]]` written as the
 * note shows its links keep the notes they point at (LNK7); others point at the notes `links` resolves
 * them to (LNK3). A link's name is kept as written where it differs from what the note showed (LNK3).
 * @example applyMarkdownEdit(doc, markdownOfDocument(doc).replace('teh', 'the'), 'mcp')
 */
export function applyMarkdownEdit(
  doc: Y.Doc,
  markdown: string,
  origin: unknown = MARKDOWN_EDIT_ORIGIN,
  links?: NoteLinkResolver,
): void {
  const target = withoutTrailingEmptyParagraphs(documentContentOfMarkdown(markdown, keepingLinksOf(doc, links)));
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  doc.transact(() => {
    const children = fragment.toArray().filter((child): child is YChild => isYChild(child));
    const nodes = children.map(nodeOfChild);
    const kept = withoutTrailingEmptyParagraphs(nodes).length;
    syncBlocks(fragment, children.slice(0, kept), target);
    takeTypedLinkTexts(doc, target, links);
  }, origin);
}

/**
 * MD5: adds the blocks `markdown` parses to after the note's last block (before its trailing empty
 * paragraphs), in one transaction. Nothing already in the note changes.
 */
export function appendMarkdown(
  doc: Y.Doc,
  markdown: string,
  origin: unknown = MARKDOWN_EDIT_ORIGIN,
  links?: NoteLinkResolver,
): void {
  const blocks = withoutTrailingEmptyParagraphs(documentContentOfMarkdown(markdown, links));
  if (blocks.length === 0) return;
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  doc.transact(() => {
    const nodes = fragment.toArray().filter(isYChild).map(nodeOfChild);
    fragment.insert(withoutTrailingEmptyParagraphs(nodes).length, yNodesOf(blocks));
  }, origin);
}

function isYChild(child: unknown): child is YChild {
  return child instanceof Y.XmlElement || child instanceof Y.XmlText;
}

function nodeOfChild(child: YChild): EditorNode {
  return child instanceof Y.XmlElement ? editorNodeOf(child) : { type: 'text', text: child.toString(), marks: {} };
}

/** Replaces `current` (the first children of `parent`) by `target`, keeping every child that stayed the same. */
function syncBlocks(parent: Y.XmlFragment | Y.XmlElement, current: readonly YChild[], target: readonly EditorNode[]) {
  const currentNodes = current.map(nodeOfChild);
  const ids = new Map<string, number>();
  const lineOf = (node: EditorNode): string => {
    const print = fingerprintOf(node);
    if (!ids.has(print)) ids.set(print, ids.size);
    return String(ids.get(print));
  };
  // diffLines' Myers diff over one line per block: equal lines are equal blocks (VD1 bounds its work).
  const hunks = diffLines(currentNodes.map(lineOf).join('\n'), target.map(lineOf).join('\n'));
  let position = 0;
  let ci = 0;
  let ti = 0;
  for (let h = 0; h < hunks.length; h++) {
    const hunk = hunks[h] as (typeof hunks)[number];
    const count = hunk.text.split('\n').length;
    if (hunk.kind === 'same') {
      position += count;
      ci += count;
      ti += count;
      continue;
    }
    const removed = hunk.kind === 'removed' ? count : 0;
    const next = hunks[h + 1];
    const added = hunk.kind === 'added' ? count : next?.kind === 'added' ? next.text.split('\n').length : 0;
    if (hunk.kind === 'removed' && added > 0) h++;
    const change = { items: current.slice(ci, ci + removed), nodes: currentNodes.slice(ci, ci + removed) };
    position = replaceRange(parent, position, change, target.slice(ti, ti + added));
    ci += removed;
    ti += added;
  }
}

type Step =
  | { kind: 'update'; from: number; to: number }
  | { kind: 'delete'; from: number }
  | { kind: 'insert'; to: number };

function replaceRange(
  parent: Y.XmlFragment | Y.XmlElement,
  start: number,
  removed: { items: readonly YChild[]; nodes: readonly EditorNode[] },
  added: readonly EditorNode[],
): number {
  let position = start;
  let pending: EditorNode[] = [];
  const flush = (): void => {
    if (pending.length > 0) parent.insert(position, yNodesOf(pending));
    position += pending.length;
    pending = [];
  };
  for (const step of pairBlocks(removed.nodes, added)) {
    if (step.kind === 'insert') {
      pending.push(added[step.to] as EditorNode);
      continue;
    }
    flush();
    if (step.kind === 'delete') {
      parent.delete(position, 1);
    } else {
      updateInPlace(removed.items[step.from] as Y.XmlElement, added[step.to] as EditorNode);
      position++;
    }
  }
  flush();
  return position;
}

/**
 * Which removed block becomes which added one. A removed block may pair with an added block of its kind
 * that shares at least half of the shorter one's visible text at its ends, or, with as many of each, with
 * the added block in its place when they share a quarter. Blocks that share (next to) nothing are a delete
 * and an insert, not a rewrite: written in place, a new paragraph went with a concurrent delete of the one
 * it replaced, and a word typed concurrently into that one landed in the new paragraph (found by SYS2).
 * Of the pairings allowed, the one in order that shares the most is taken: the first added block alike
 * enough may be a new paragraph that merely starts the same ("Meeting 10" above a rewritten "Meeting 3 …"),
 * and paired, it would take the old paragraph's element and go with a concurrent delete of it.
 */
// How much text two blocks must share to count as one block changed: anywhere in the hunk, or in its place.
const SAME_BLOCK_ANYWHERE = 0.5;
const SAME_BLOCK_IN_PLACE = 0.25;
// Pairs compared at most per hunk for the best pairing (a 200 × 200 block hunk); a larger one pairs each
// removed block with the first added one alike enough, so a rewrite of a whole long note stays linear.
const MOST_PAIRS_WEIGHED = 40_000;

function pairBlocks(removed: readonly EditorNode[], added: readonly EditorNode[]): Step[] {
  const shared = (from: number, to: number): number => {
    const before = removed[from] as EditorNode;
    const after = added[to] as EditorNode;
    const score = hasSameShape(before, after) ? similarity(before, after) : 0;
    const inPlace = removed.length === added.length && from === to;
    return score >= SAME_BLOCK_ANYWHERE || (inPlace && score >= SAME_BLOCK_IN_PLACE) ? score : -1;
  };
  const pairs =
    removed.length * added.length <= MOST_PAIRS_WEIGHED
      ? bestPairs(removed.length, added.length, shared)
      : firstPairs(removed.length, added.length, shared);
  return stepsOf(pairs, removed.length, added.length);
}

/**
 * The order-keeping pairing with the most text shared in all (`shared` is negative for a pair not allowed):
 * a weighted longest common subsequence over the hunk, best[i][j] for removed[i…] and added[j…].
 */
function bestPairs(removedCount: number, addedCount: number, shared: (from: number, to: number) => number) {
  const width = addedCount + 1;
  const best = new Float64Array((removedCount + 1) * width);
  const score = new Float64Array(removedCount * addedCount);
  for (let from = removedCount - 1; from >= 0; from--) {
    for (let to = addedCount - 1; to >= 0; to--) {
      const pair = shared(from, to);
      score[from * addedCount + to] = pair;
      const skip = Math.max(best[(from + 1) * width + to] as number, best[from * width + to + 1] as number);
      const take = pair >= 0 ? pair + (best[(from + 1) * width + to + 1] as number) : -1;
      best[from * width + to] = Math.max(skip, take);
    }
  }
  const pairs = new Map<number, number>();
  for (let from = 0, to = 0; from < removedCount && to < addedCount; ) {
    const pair = score[from * addedCount + to] as number;
    const here = best[from * width + to] as number;
    if (pair >= 0 && here === pair + (best[(from + 1) * width + to + 1] as number)) pairs.set(from++, to++);
    else if (here === best[(from + 1) * width + to]) from++;
    else to++;
  }
  return pairs;
}

/** Each removed block with the first added block after the last pair that it may pair with. */
function firstPairs(removedCount: number, addedCount: number, shared: (from: number, to: number) => number) {
  const pairs = new Map<number, number>();
  let to = 0;
  for (let from = 0; from < removedCount; from++) {
    for (let candidate = to; candidate < addedCount; candidate++) {
      if (shared(from, candidate) < 0) continue;
      pairs.set(from, candidate);
      to = candidate + 1;
      break;
    }
  }
  return pairs;
}

/** The steps for a pairing: an unpaired removed block is deleted, added blocks before a pair are inserted. */
function stepsOf(pairs: ReadonlyMap<number, number>, removedCount: number, addedCount: number): Step[] {
  const steps: Step[] = [];
  let to = 0;
  for (let from = 0; from < removedCount; from++) {
    const match = pairs.get(from);
    if (match === undefined) {
      steps.push({ kind: 'delete', from });
      continue;
    }
    for (; to < match; to++) steps.push({ kind: 'insert', to });
    steps.push({ kind: 'update', from, to });
    to++;
  }
  for (; to < addedCount; to++) steps.push({ kind: 'insert', to });
  return steps;
}

/**
 * How much of the shorter block's visible text the two share at their ends (0 to 1). Compared as text, not
 * as fingerprints: a fingerprint's JSON around the text made any two short paragraphs look alike.
 */
function similarity(a: EditorNode, b: EditorNode): number {
  const x = visibleTextOf(a);
  const y = visibleTextOf(b);
  const shorter = Math.min(x.length, y.length);
  // An empty block is being filled (or a full one emptied): the same block, whatever it says.
  if (shorter === 0) return 1;
  const { prefix, suffix } = commonEnds(x, y, (i, j) => x[i] === y[j]);
  return (prefix + suffix) / shorter;
}

/** A block's text as a reader sees it; an inline atom (a hard break, a link) counts as its fingerprint. */
function visibleTextOf(node: EditorNode): string {
  if (isEditorText(node)) return node.text;
  if (node.children.length === 0) return fingerprintOf(node);
  return node.children.map(visibleTextOf).join(TEXT_BLOCKS.has(node.type) ? '' : '\n');
}

function updateInPlace(element: Y.XmlElement, target: EditorNode): void {
  if (isEditorText(target)) return;
  const children = element.toArray().filter(isYChild);
  if (TEXT_BLOCKS.has(target.type)) syncInline(element, children, target.children);
  else syncBlocks(element, children, target.children);
}

/**
 * A textblock's children are runs of text (Y.XmlText) between inline nodes such as hard breaks. When the
 * inline nodes are unchanged, each stretch of text between them is edited character by character;
 * otherwise the block's content is rewritten.
 */
function syncInline(element: Y.XmlElement, current: readonly YChild[], target: readonly EditorNode[]): void {
  const currentSegments = segmentsOf(current, (child) => child instanceof Y.XmlText);
  const targetSegments = segmentsOf(target, isEditorText);
  const currentSeparators = currentSegments.map((s) => (s.separator ? fingerprintOf(nodeOfChild(s.separator)) : ''));
  const targetSeparators = targetSegments.map((s) => (s.separator ? fingerprintOf(s.separator) : ''));
  if (currentSeparators.join('|') !== targetSeparators.join('|')) {
    element.delete(0, element.length);
    element.insert(0, yNodesOf(target));
    return;
  }
  // Last segment first, so the indices of earlier ones stay valid.
  for (let k = currentSegments.length - 1; k >= 0; k--) {
    const segment = currentSegments[k] as Segment<YChild>;
    const runs = (targetSegments[k]?.texts ?? []) as EditorText[];
    const texts = segment.texts as Y.XmlText[];
    const only = texts[0];
    if (texts.length === 1 && only && runs.length > 0) {
      syncText(only, runs);
    } else if (texts.length > 0 || runs.length > 0) {
      element.delete(segment.start, texts.length);
      if (runs.length > 0) element.insert(segment.start, [yTextOf(runs)]);
    }
  }
}

interface Segment<T> {
  readonly start: number;
  readonly texts: T[];
  readonly separator?: T;
}

// Splits children into the texts before each inline node (the segment's separator) and the texts after the last.
function segmentsOf<T>(children: readonly T[], isText: (child: T) => boolean): Segment<T>[] {
  const segments: Segment<T>[] = [];
  let current: { start: number; texts: T[] } = { start: 0, texts: [] };
  for (const [index, child] of children.entries()) {
    if (isText(child)) {
      current.texts.push(child);
      continue;
    }
    segments.push({ ...current, separator: child });
    current = { start: index + 1, texts: [] };
  }
  segments.push(current);
  return segments;
}

/**
 * Edits `text` into `runs` by inserting and deleting only what lies between their common prefix and suffix.
 * The new text goes in before the old is deleted, so it follows the last kept character: inserted after a
 * deletion, Yjs places it after the deleted characters, where a peer's concurrent insert there (an append at
 * the paragraph's end) may be ordered first and land inside the new word ("Call Anna" → "Call Ann tomorrowe").
 */
function syncText(text: Y.XmlText, runs: readonly EditorText[]): void {
  const before = unitsOf(textRunsOf(text));
  const after = unitsOf(runs);
  const same = (i: number, j: number): boolean => before.text[i] === after.text[j] && before.keys[i] === after.keys[j];
  let { prefix, suffix } = commonEnds(before.text, after.text, same);
  // Never split a surrogate pair: Yjs counts UTF-16 units and would store half a character.
  if (prefix > 0 && isHighSurrogate(before.text.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(before.text.charCodeAt(before.text.length - suffix))) suffix--;
  const removedLength = before.text.length - prefix - suffix;
  let offset = 0;
  let position = prefix;
  const end = after.text.length - suffix;
  for (const run of runs) {
    const from = Math.max(offset, prefix);
    const to = Math.min(offset + run.text.length, end);
    if (from < to) {
      text.insert(position, run.text.slice(from - offset, to - offset), { ...run.marks });
      position += to - from;
    }
    offset += run.text.length;
  }
  if (removedLength > 0) text.delete(position, removedLength);
}

function unitsOf(runs: readonly EditorText[]): { text: string; keys: string[] } {
  const keys: string[] = [];
  for (const run of runs) {
    const key = visibleMarksKey(run.marks);
    for (let i = 0; i < run.text.length; i++) keys.push(key);
  }
  return { text: runs.map((run) => run.text).join(''), keys };
}

function commonEnds(
  a: { length: number },
  b: { length: number },
  same: (i: number, j: number) => boolean,
): { prefix: number; suffix: number } {
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && same(prefix, prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && same(a.length - 1 - suffix, b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
