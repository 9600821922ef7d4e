import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { type RawSourceEdit, rawSourceEditOf } from './rawKinds';

/** The piece a field edits: where it is now, and the node as it is now (others may change it meanwhile). */
export interface RawInlineTarget {
  readonly view: EditorView;
  readonly getPos: () => number | undefined;
  readonly node: () => ProseMirrorNode;
}

/** Where the caret goes once the field is left: after the piece (Enter), on it (Escape), or stays (a click away). */
type CaretAfter = 'afterPiece' | 'onPiece' | 'stays';

/** An inline piece's source, `''` for a node that somehow has none. */
export function sourceOf(node: ProseMirrorNode): string {
  return typeof node.attrs.source === 'string' ? node.attrs.source : '';
}

function createField(source: string): HTMLInputElement | HTMLTextAreaElement {
  // An input drops line breaks from its value, so a source on several lines (a tag across lines) gets a textarea.
  const multiline = source.includes('\n');
  const field = multiline ? document.createElement('textarea') : document.createElement('input');
  field.className = 'raw-inline-field';
  field.value = source;
  field.spellcheck = false;
  field.setAttribute('aria-label', 'Markdown source');
  if (field instanceof HTMLInputElement) field.size = Math.max(4, source.length + 1);
  else field.rows = source.split('\n').length;
  return field;
}

function applyEdit({ view, getPos, node }: RawInlineTarget, edit: RawSourceEdit, caret: CaretAfter): void {
  const pos = getPos();
  if (typeof pos !== 'number') return;
  const { nodeSize } = node();
  const tr = view.state.tr;
  if (view.editable && edit.kind === 'delete') tr.delete(pos, pos + nodeSize);
  if (view.editable && edit.kind === 'set') tr.setNodeAttribute(pos, 'source', edit.source);
  const gone = tr.doc.nodeAt(pos)?.type.name !== node().type.name;
  if (caret === 'afterPiece' || (caret === 'onPiece' && gone)) {
    tr.setSelection(TextSelection.create(tr.doc, gone ? pos : pos + nodeSize));
  } else if (caret === 'onPiece') {
    tr.setSelection(NodeSelection.create(tr.doc, pos));
  }
  if (tr.docChanged || tr.selectionSet) view.dispatch(tr);
  if (caret !== 'stays') view.focus();
}

/**
 * RAW3: puts a field holding the piece's source in `chip` and focuses it. Enter (without Shift, which breaks
 * the line of a source on several lines) writes what was typed and puts the caret after the piece; a blank
 * source removes the piece. Leaving the field writes it too; Escape writes nothing and selects the piece.
 * `onClosed` is called first, to show the chip again.
 */
export function editRawSource(chip: HTMLElement, target: RawInlineTarget, onClosed: () => void): HTMLElement {
  const opened = sourceOf(target.node());
  const field = createField(opened);
  let done = false;
  const finish = (edit: RawSourceEdit, caret: CaretAfter) => {
    if (done) return;
    done = true;
    onClosed();
    applyEdit(target, edit, caret);
  };
  // Typed as an element: TypeScript can't pick an overload of `addEventListener` on a union of two.
  const element: HTMLElement = field;
  element.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      finish({ kind: 'keep' }, 'onPiece');
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(rawSourceEditOf(opened, field.value), 'afterPiece');
    }
  });
  element.addEventListener('blur', () => finish(rawSourceEditOf(opened, field.value), 'stays'));
  chip.replaceChildren(field);
  field.focus();
  field.select();
  return field;
}
