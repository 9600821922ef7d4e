import { ATOM_MARK_NAMES, NOTE_EMBED, NOTE_LINK, RAW_INLINE } from '@baalda/markdown';
import { Extension } from '@tiptap/core';
import Code from '@tiptap/extension-code';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { type EditorState, Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, ReplaceStep } from '@tiptap/pm/transform';

/** The inline atoms that wear formatting in their `marks` attribute (core's MD13). */
export const ATOMS_WITH_MARKS: readonly string[] = [NOTE_LINK, NOTE_EMBED, RAW_INLINE];
const MARK_NAMES: readonly string[] = ATOM_MARK_NAMES;

/** MD13's `marks` attribute as a list of names, in core's order. */
export function atomMarkNamesOf(node: ProseMirrorNode): string[] {
  const names = typeof node.attrs.marks === 'string' ? node.attrs.marks.split(' ') : [];
  return MARK_NAMES.filter((name) => names.includes(name));
}

/** Shows an atom's formatting on its node view's element (`data-marks`, styled in globals.css). */
export function paintAtomMarks(dom: HTMLElement, node: ProseMirrorNode): void {
  const names = atomMarkNamesOf(node);
  if (names.length > 0) dom.dataset.marks = names.join(' ');
  else delete dom.dataset.marks;
}

/**
 * ATOM1: bold, italic, strike, highlight and underline around a note link, an embed or a raw inline piece.
 * Tiptap's Yjs binding keeps no marks on inline nodes, so each keeps the formatting around it in a `marks`
 * attribute (core's MD13: `**[[Settings]] → Editor**` stays one bold run), shown on screen and changed by
 * the same commands that format text: Ctrl+B over a selection holding a link bolds the link too.
 */
export const AtomMarks = Extension.create({
  name: 'atomMarks',
  addGlobalAttributes() {
    return [
      {
        types: [...ATOMS_WITH_MARKS],
        attributes: {
          marks: {
            default: null,
            parseHTML: (element: HTMLElement) => element.getAttribute('data-marks') || null,
            renderHTML: (attributes: { marks?: string | null }) =>
              attributes.marks ? { 'data-marks': attributes.marks } : {},
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [atomMarksPlugin()];
  },
});

/** ATOM1's plugin: formatting added or removed over atoms, or carried by pasted ones, lands in `marks`. */
export function atomMarksPlugin(): Plugin {
  return new Plugin({ key: new PluginKey('atomMarks'), appendTransaction: atomMarksFollowing });
}

/**
 * ATOM2: code excludes no other mark, so `**`Ctrl+P`**` and a link around `code` are edited as they read
 * (core's MD13); code stays innermost when written.
 */
export const CodeWithMarks = Code.extend({ excludes: '' });

// The formatting a transaction added or removed over a range holding atoms, and the formatting pasted or
// typed atoms arrived with, is written into their `marks` attribute.
function atomMarksFollowing(
  transactions: readonly Transaction[],
  _old: EditorState,
  state: EditorState,
): Transaction | null {
  const wanted = new Map<number, Set<string>>();
  for (const transaction of transactions) {
    if (!transaction.docChanged) continue;
    for (const [index, step] of transaction.steps.entries()) {
      const later = transaction.mapping.slice(index + 1);
      const laterThanThis = transactions.slice(transactions.indexOf(transaction) + 1);
      const map = (position: number): number =>
        laterThanThis.reduce((at, next) => next.mapping.map(at), later.map(position));
      collectStep(step, state, map, wanted);
    }
  }
  if (wanted.size === 0) return null;
  const tr = state.tr;
  for (const [position, names] of wanted) {
    const node = state.doc.nodeAt(position);
    if (!node || !ATOMS_WITH_MARKS.includes(node.type.name)) continue;
    const value = MARK_NAMES.filter((name) => names.has(name)).join(' ') || null;
    if (value !== (node.attrs.marks ?? null)) tr.setNodeAttribute(position, 'marks', value);
  }
  return tr.docChanged ? tr.setMeta('addToHistory', false) : null;
}

function collectStep(
  step: unknown,
  state: EditorState,
  map: (position: number) => number,
  wanted: Map<number, Set<string>>,
): void {
  const atomsBetween = (from: number, to: number, visit: (node: ProseMirrorNode, at: number) => void): void => {
    const start = Math.max(0, Math.min(map(from), state.doc.content.size));
    const end = Math.max(start, Math.min(map(to), state.doc.content.size));
    state.doc.nodesBetween(start, end, (node, at) => {
      if (ATOMS_WITH_MARKS.includes(node.type.name)) visit(node, at);
    });
  };
  const namesAt = (node: ProseMirrorNode, at: number): Set<string> => {
    let names = wanted.get(at);
    if (!names) {
      names = new Set(atomMarkNamesOf(node));
      wanted.set(at, names);
    }
    return names;
  };
  if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) {
    const name = step.mark.type.name;
    if (!MARK_NAMES.includes(name)) return;
    atomsBetween(step.from, step.to, (node, at) => {
      const names = namesAt(node, at);
      if (step instanceof AddMarkStep) names.add(name);
      else names.delete(name);
    });
  } else if (step instanceof ReplaceStep && step.slice.size > 0) {
    atomsBetween(step.from, step.from + step.slice.size, (node, at) => {
      const carried = node.marks.map((mark) => mark.type.name).filter((name) => MARK_NAMES.includes(name));
      if (carried.length === 0) return;
      const names = namesAt(node, at);
      for (const name of carried) names.add(name);
    });
  }
}
