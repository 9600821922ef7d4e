import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { paintAtomMarks } from '../atomMarks';
import { editRawSource, sourceOf } from './rawInlineField';
import { rawInlineKindOf, rawKindLabelOf } from './rawKinds';

// Each chip on screen, by its element, with what starts editing it: Enter on a selected piece finds it here.
const editorsOfChips = new WeakMap<Node, () => void>();

function showSource(chip: HTMLElement, node: ProseMirrorNode): void {
  const source = sourceOf(node);
  const kind = rawInlineKindOf(source);
  chip.dataset.rawKind = kind;
  chip.dataset.label = rawKindLabelOf(kind);
  chip.textContent = source;
  paintAtomMarks(chip, node);
}

// For editors the chip is a button named by its kind and source; for viewers it is text with a tooltip.
function showEditable(chip: HTMLElement, editable: boolean): void {
  const label = chip.dataset.label ?? '';
  chip.title = editable ? `${label} in Markdown: click to edit` : `${label} in Markdown`;
  if (editable) {
    chip.setAttribute('role', 'button');
    chip.setAttribute('aria-label', `${label} ${chip.textContent ?? ''}`);
  } else {
    chip.removeAttribute('role');
    chip.removeAttribute('aria-label');
  }
}

/**
 * RAW2: an inline piece kept as typed, on screen: a monospace chip showing its source, titled with its kind.
 * For editors a click on it, or Enter while it is selected, edits its source in place (RAW3).
 */
export function rawInlineView({ node: initial, editor, view, getPos }: NodeViewRendererProps): NodeView {
  let node = initial;
  let field: HTMLElement | null = null;
  const chip = document.createElement('span');
  chip.className = 'raw-inline';
  chip.contentEditable = 'false';
  let shownEditable = view.editable;
  const paint = () => {
    if (field) return;
    shownEditable = view.editable;
    showSource(chip, node);
    showEditable(chip, shownEditable);
  };
  // A viewer's editor (or a trashed note's) can't be changed; `setEditable` is announced as an update, as is
  // every change to the note.
  const showEditableNow = () => {
    if (view.editable !== shownEditable) paint();
  };
  const edit = () => {
    if (!view.editable || field) return;
    field = editRawSource(chip, { view, getPos, node: () => node }, () => {
      field = null;
      paint();
    });
  };
  chip.addEventListener('click', edit);
  editorsOfChips.set(chip, edit);
  editor.on('update', showEditableNow);
  paint();
  return {
    dom: chip,
    update: (updated: ProseMirrorNode) => {
      if (updated.type !== node.type) return false;
      node = updated;
      paint();
      return true;
    },
    // The field handles its own keys and clicks; ProseMirror would take them for the note's.
    stopEvent: (event) => field !== null && event.target instanceof Node && field.contains(event.target),
    ignoreMutation: () => true,
    destroy: () => editor.off('update', showEditableNow),
  };
}

/** Enter on a selected piece (RAW3): edits its source, when the note can be edited. */
export function editSelectedRawInline(view: EditorView): boolean {
  const { selection } = view.state;
  if (!view.editable || !(selection instanceof NodeSelection) || selection.node.type.name !== 'rawInline') return false;
  const chip = view.nodeDOM(selection.from);
  const edit = chip ? editorsOfChips.get(chip) : undefined;
  edit?.();
  return edit !== undefined;
}
