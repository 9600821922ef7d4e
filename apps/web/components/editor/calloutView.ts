import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Selection } from '@tiptap/pm/state';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import {
  calloutKindChoicesFor,
  calloutTitleFromInput,
  calloutTitleOf,
  kindAfterChoice,
  kindLabelOf,
} from './calloutKinds';

/** The elements of one callout: its head (fold toggle, title, type select) and its body, the editable part. */
interface CalloutElements {
  readonly dom: HTMLElement;
  readonly head: HTMLElement;
  readonly toggle: HTMLButtonElement;
  readonly title: HTMLElement;
  readonly kind: HTMLSelectElement;
  readonly body: HTMLElement;
}

function createElements(): CalloutElements {
  const dom = document.createElement('div');
  dom.className = 'callout';
  const head = document.createElement('div');
  head.className = 'callout-head';
  head.contentEditable = 'false';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'callout-fold';
  const title = document.createElement('span');
  title.className = 'callout-title';
  const kind = document.createElement('select');
  kind.className = 'callout-kind';
  kind.setAttribute('aria-label', 'Callout type');
  head.append(toggle, title, kind);
  const body = document.createElement('div');
  body.className = 'callout-body';
  dom.append(head, body);
  return { dom, head, toggle, title, kind, body };
}

function showNode({ dom, title, kind }: CalloutElements, node: ProseMirrorNode): void {
  dom.dataset.callout = String(node.attrs.kind || 'note');
  if (node.attrs.fold) dom.dataset.fold = String(node.attrs.fold);
  else delete dom.dataset.fold;
  title.textContent = calloutTitleOf(node);
  const { choices, selected } = calloutKindChoicesFor(node.attrs.kind);
  kind.replaceChildren(...choices.map((choice) => new Option(choice.label, choice.value)));
  kind.value = selected;
}

function showFolded({ dom, toggle, title }: CalloutElements, foldable: boolean, collapsed: boolean): void {
  toggle.hidden = !foldable;
  dom.classList.toggle('is-collapsed', foldable && collapsed);
  toggle.setAttribute('aria-expanded', String(!(foldable && collapsed)));
  toggle.setAttribute('aria-label', `${collapsed ? 'Expand' : 'Collapse'} callout “${title.textContent ?? ''}”`);
}

/**
 * Edits the title in place (CALL1): a field over the title, Enter or leaving it writes the `title` attribute
 * (an empty one removes it), Escape leaves it as it was. Enter goes on into the callout's body.
 */
function editTitle(
  elements: CalloutElements,
  view: EditorView,
  getPos: () => number | undefined,
  node: () => ProseMirrorNode,
) {
  const { title } = elements;
  const field = document.createElement('input');
  field.className = 'callout-title-field';
  field.value = typeof node().attrs.title === 'string' ? node().attrs.title : '';
  field.placeholder = kindLabelOf(String(node().attrs.kind || 'note'));
  field.setAttribute('aria-label', 'Callout title');
  let done = false;
  const finish = (commit: boolean, thenBody: boolean) => {
    if (done) return;
    done = true;
    field.replaceWith(title);
    const pos = getPos();
    const typed = calloutTitleFromInput(field.value);
    if (commit && typeof pos === 'number' && view.editable && typed !== (node().attrs.title ?? null)) {
      view.dispatch(view.state.tr.setNodeAttribute(pos, 'title', typed));
    }
    if (!thenBody || typeof pos !== 'number') return;
    view.dispatch(view.state.tr.setSelection(Selection.near(view.state.doc.resolve(pos + 1))));
    view.focus();
  };
  field.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    finish(event.key === 'Enter', true);
  });
  field.addEventListener('blur', () => finish(true, false));
  title.replaceWith(field);
  field.focus();
  field.select();
}

/** Folding is what this screen shows (CALL3): the caret is not left inside a body that is put away. */
function moveCaretOutOf(view: EditorView, pos: number, node: ProseMirrorNode): void {
  const { doc } = view.state;
  const end = pos + node.nodeSize;
  if (!view.editable || !holdsSelection(view, pos, node)) return;
  const nearby = [Selection.near(doc.resolve(end), 1), Selection.near(doc.resolve(pos), -1)];
  const outside = nearby.find((candidate) => candidate.to <= pos || candidate.from >= end);
  if (outside) view.dispatch(view.state.tr.setSelection(outside));
}

// Callouts made here by typing (`> [!tip]- Title`, Enter) open whatever their fold sign: their body is typed next.
const madeOpen = new WeakSet<ProseMirrorNode>();

/** Shows `callout` open when its view is made, even if its fold sign is `-`: it was just typed here. */
export function showOpenOnceMade(callout: ProseMirrorNode): ProseMirrorNode {
  madeOpen.add(callout);
  return callout;
}

function holdsSelection(view: EditorView, pos: number | undefined, node: ProseMirrorNode): boolean {
  const { from, to } = view.state.selection;
  return typeof pos === 'number' && from > pos && to < pos + node.nodeSize;
}

/**
 * A callout (core's MD10) with its head: a fold toggle for a callout that folds (CALL3), its title, edited in
 * place by a click (CALL1), and a select of its type (CALL2). Folding is this screen's state, never written:
 * `-` starts folded, `+` open, and viewers can fold too; the title and the type are for editors only.
 */
export function calloutView({ node: initial, editor, view, getPos }: NodeViewRendererProps): NodeView {
  let node = initial;
  let collapsed = node.attrs.fold === '-' && !madeOpen.has(node);
  const elements = createElements();
  const { dom, head, toggle, title, kind, body } = elements;
  const showEditable = () => {
    kind.hidden = !view.editable;
    // For editors the title is a control: reachable with Tab, edited with a click, Enter or Space.
    title.tabIndex = view.editable ? 0 : -1;
    if (view.editable) {
      title.setAttribute('role', 'button');
      title.title = 'Edit the title';
    } else {
      title.removeAttribute('role');
      title.removeAttribute('title');
    }
  };
  toggle.addEventListener('click', () => {
    collapsed = !collapsed;
    showFolded(elements, Boolean(node.attrs.fold), collapsed);
    const pos = getPos();
    if (collapsed && typeof pos === 'number') moveCaretOutOf(view, pos, node);
  });
  title.addEventListener('click', () => {
    if (view.editable) editTitle(elements, view, getPos, () => node);
  });
  title.addEventListener('keydown', (event) => {
    if (!view.editable || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    editTitle(elements, view, getPos, () => node);
  });
  kind.addEventListener('change', () => {
    const pos = getPos();
    const chosen = kindAfterChoice(node.attrs.kind, kind.value);
    if (typeof pos === 'number' && view.editable && chosen)
      view.dispatch(view.state.tr.setNodeAttribute(pos, 'kind', chosen));
  });
  editor.on('update', showEditable);
  showNode(elements, node);
  showFolded(elements, Boolean(node.attrs.fold), collapsed);
  showEditable();
  return {
    dom,
    contentDOM: body,
    update: (updated: ProseMirrorNode) => {
      if (updated.type !== node.type) return false;
      // A fold sign changed by someone (an assistant, say) starts over from what it now says.
      if (updated.attrs.fold !== node.attrs.fold) collapsed = updated.attrs.fold === '-';
      node = updated;
      showNode(elements, node);
      showFolded(elements, Boolean(node.attrs.fold), collapsed);
      return true;
    },
    // The head's controls handle their own clicks and keys; ProseMirror would take them for the text's.
    stopEvent: (event) => event.target instanceof Node && head.contains(event.target),
    ignoreMutation: (mutation) => {
      if (mutation.type === 'selection') return false;
      return head.contains(mutation.target) || (mutation.target === dom && mutation.type === 'attributes');
    },
    destroy: () => editor.off('update', showEditable),
  };
}
