import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Decoration, EditorView, NodeView } from '@tiptap/pm/view';
import { holdsCaret } from './codeBlockCaret';
import { codeLanguageOf, infoAfterChoice, languageChoicesFor } from './codeLanguages';

/** The elements of one code block: the text's `pre > code` and the picker's box beside it. */
interface CodeBlockElements {
  readonly dom: HTMLElement;
  readonly code: HTMLElement;
  readonly toolbar: HTMLElement;
  readonly picker: HTMLSelectElement;
}

function createElements(): CodeBlockElements {
  const dom = document.createElement('div');
  dom.className = 'code-block';
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  pre.append(code);
  const toolbar = document.createElement('div');
  toolbar.className = 'code-block-language';
  toolbar.contentEditable = 'false';
  const picker = document.createElement('select');
  picker.setAttribute('aria-label', 'Code language');
  toolbar.append(picker);
  dom.append(pre, toolbar);
  return { dom, code, toolbar, picker };
}

function showLanguage({ picker, code }: CodeBlockElements, node: ProseMirrorNode): void {
  const { choices, selected } = languageChoicesFor(node.attrs.language);
  picker.replaceChildren(...choices.map((choice) => new Option(choice.label, choice.value)));
  picker.value = selected;
  const language = codeLanguageOf(node.attrs.language);
  code.className = language ? `language-${language.name}` : '';
}

function showCaret({ dom, picker }: CodeBlockElements, around: readonly Decoration[]): void {
  const caretInside = holdsCaret(around);
  dom.classList.toggle('has-caret', caretInside);
  // Only the block being edited joins the Tab order, so Tab from its text lands on its own picker.
  picker.tabIndex = caretInside ? 0 : -1;
}

/** Sets the block's language to the picker's choice, and sends Escape back to the text. */
function listenToPicker(
  picker: HTMLSelectElement,
  view: EditorView,
  getPos: () => number | undefined,
  nodeNow: () => ProseMirrorNode,
): void {
  picker.addEventListener('change', () => {
    const pos = getPos();
    const current = nodeNow().attrs.language;
    const language = infoAfterChoice(current, picker.value);
    if (typeof pos !== 'number' || !view.editable || language === current) return;
    view.dispatch(view.state.tr.setNodeAttribute(pos, 'language', language));
  });
  picker.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    view.focus();
  });
}

/**
 * A code block as `pre > code` (the text) with a language picker at its top right (CODE4): a native select
 * named "Code language", shown while the caret is in the block, the pointer over it or the focus in it.
 * Tab from the text reaches it and Escape goes back; a viewer sees it disabled.
 */
export function codeBlockView({ node: initial, editor, view, getPos, decorations }: NodeViewRendererProps): NodeView {
  let node = initial;
  const elements = createElements();
  const { dom, code, toolbar, picker } = elements;
  // A viewer's editor (or a trashed note's) can't be changed; `setEditable` is announced as an update.
  const showEditable = () => {
    picker.disabled = !view.editable;
  };
  listenToPicker(picker, view, getPos, () => node);
  editor.on('update', showEditable);
  showLanguage(elements, node);
  showCaret(elements, decorations);
  showEditable();
  return {
    dom,
    contentDOM: code,
    update: (updated: ProseMirrorNode, around: readonly Decoration[]) => {
      if (updated.type !== node.type) return false;
      const languageChanged = updated.attrs.language !== node.attrs.language;
      node = updated;
      if (languageChanged) showLanguage(elements, node);
      showCaret(elements, around);
      return true;
    },
    // The picker handles its own clicks and keys; ProseMirror would take them for the text's.
    stopEvent: (event) => event.target instanceof Node && toolbar.contains(event.target),
    ignoreMutation: (mutation) => {
      if (mutation.type === 'selection') return false;
      if (mutation.target === code && mutation.type === 'attributes') return true;
      return !code.contains(mutation.target);
    },
    destroy: () => editor.off('update', showEditable),
  };
}
